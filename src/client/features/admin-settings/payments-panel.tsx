import {
  Alert,
  Button,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { ZPaymentSettings, type TPaymentSettings } from '#shared/schemas/payments.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { paymentSettingsQuery, useSavePaymentSettings } from './api.ts';
import { GrowingTextarea } from '../../components/growing-textarea.tsx';

const EMPTY: TPaymentSettings = {
  depositPercent: 0,
  balanceDaysBefore: 0,
  offerCard: false,
  offerBankTransfer: false,
  bankInstructions: '',
  offerPayOnArrival: false,
  depositDeadlineHours: 0,
  depositDeadlineAction: 'flag',
  depositHoldDaysBefore: 1,
  depositReleaseDaysAfter: 3,
};

/**
 * The payment schedule (docs/payments.md#schedule): saved on its own, apart from the settings form, since
 * each booking snapshots it when it is made. Not a <form>: it sits inside the settings page's own form.
 */
export function PaymentsPanel() {
  const settings = useQuery(paymentSettingsQuery());
  const form = useForm<TPaymentSettings>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: zod4Resolver(ZPaymentSettings),
  });
  const { initialize } = form;
  useEffect(() => {
    if (settings.data) {
      const { cardAvailable: _, ...values } = settings.data;
      initialize(values);
    }
  }, [settings.data, initialize]);
  const save = useSavePaymentSettings({
    onDone: (saved) => {
      const { cardAvailable: _, ...values } = saved;
      form.setInitialValues(values);
      form.resetDirty(values);
      notifications.show({
        title: 'Payment settings saved',
        message: 'New bookings take this schedule.',
        color: 'green',
      });
    },
    onError: (err) =>
      notifications.show({
        title: 'Error',
        message: errorMessage(err, 'Failed to save payment settings.'),
        color: 'red',
      }),
  });
  if (settings.isError)
    return (
      <Alert color="red" title="Failed to load payment settings">
        {errorMessage(settings.error, 'Please try again later.')}
      </Alert>
    );
  /** A whole number from 0 to `max`: what the server checks, left unclamped so a wrong one shows its error. */
  const wholeNumber = (
    field:
      | 'depositPercent'
      | 'balanceDaysBefore'
      | 'depositDeadlineHours'
      | 'depositHoldDaysBefore'
      | 'depositReleaseDaysAfter',
    max: number,
  ) => {
    const p = form.getInputProps(field);
    const onChange = p.onChange as (value: unknown) => void;
    return {
      ...p,
      min: 0,
      max,
      allowDecimal: false,
      clampBehavior: 'none' as const,
      onChange: (v: string | number) => onChange(v === '' ? '' : Number(v)),
    };
  };
  const cardAvailable = settings.data?.cardAvailable ?? false;
  return (
    <Stack gap="md" data-testid="payments-panel">
      <Title order={3} size="h4">
        Payment schedule
      </Title>
      <Text size="sm" c="dimmed">
        Each booking keeps the schedule in force when it is made.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="Deposit (% of the total, due at booking)"
          {...wholeNumber('depositPercent', 100)}
        />
        <NumberInput
          label="Balance due (days before check-in)"
          description="A stay that starts sooner is paid in full at booking"
          {...wholeNumber('balanceDaysBefore', 365)}
        />
      </SimpleGrid>
      <Title order={4} size="h5">
        Methods offered
      </Title>
      <Switch
        label="Card (Stripe)"
        description={
          cardAvailable
            ? 'Stripe is configured'
            : 'Needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET on the server; not offered until then'
        }
        {...form.getInputProps('offerCard', { type: 'checkbox' })}
      />
      <Switch label="Bank transfer" {...form.getInputProps('offerBankTransfer', { type: 'checkbox' })} />
      <GrowingTextarea
        label="Bank transfer instructions"
        description="Shown to the guest with the amount and their confirmation number"
        minRows={2}
        {...form.getInputProps('bankInstructions')}
      />
      <Switch label="Pay on arrival" {...form.getInputProps('offerPayOnArrival', { type: 'checkbox' })} />
      <Title order={4} size="h5">
        Unpaid deposits
      </Title>
      <NumberInput
        label="Deposit deadline (hours after booking; 0 for none)"
        {...wholeNumber('depositDeadlineHours', 720)}
      />
      <Radio.Group label="When the deadline passes" {...form.getInputProps('depositDeadlineAction')}>
        <Group mt="xs">
          <Radio value="flag" label="Flag the booking for me" />
          <Radio value="cancel" label="Cancel it, free its dates and e-mail the guest" />
        </Group>
      </Radio.Group>
      <Title order={4} size="h5">
        Damage deposits
      </Title>
      <Text size="sm" c="dimmed">
        A home&apos;s damage deposit is held on the card the guest saved at checkout, or recorded by hand
        without one. Card holds last about a week at most.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="Hold the deposit (days before check-in)"
          {...wholeNumber('depositHoldDaysBefore', 7)}
        />
        <NumberInput
          label="Release it unless claimed (days after check-out)"
          {...wholeNumber('depositReleaseDaysAfter', 30)}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          type="button"
          loading={save.isPending}
          onClick={() => {
            if (!form.validate().hasErrors) save.mutate(form.getValues());
          }}
        >
          Save payment settings
        </Button>
      </Group>
    </Stack>
  );
}
