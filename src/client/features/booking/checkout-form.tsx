import { Alert, Anchor, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { TContactInfo } from '#shared/schemas/booking.ts';
import { EmailField, FormTextInput } from '../../components/form-fields.tsx';
import type { TContactDraft } from './booking-draft.ts';
import type { TBookingProgress } from './use-checkout.ts';
import '../../styles/more-components.css';
import { GrowingTextarea } from '../../components/growing-textarea.tsx';

type TContactFormValues = TContactDraft;

/**
 * The rules are zod schemas, and building zod and them took one of the longest tasks of the checkout's
 * start on a phone, for a form nobody has touched yet: they load when the guest first focuses the form,
 * and the form's validation (asynchronous, which Mantine's form awaits on submit) waits for them.
 */
const loadRules = () => import('./contact-rules.ts');

interface TCheckoutFormProps {
  /** Name and e-mail of a signed-in user, filled in for them. */
  initial: { name: string; email: string };
  /** What the guest typed before an error screen or a reload (booking-draft.ts); wins over `initial`. */
  draft: Partial<TContactFormValues> | undefined;
  /** Every change, to keep it as a draft. */
  onChange: (values: TContactFormValues) => void;
  pending: boolean;
  /** How the last press of Confirm is going: said here, above the button, with the form as typed. */
  progress: TBookingProgress | null;
  /** 'Confirm and pay', 'Confirm booking' or 'Request to book' (use-checkout.ts). */
  confirmLabel: string;
  /** The stay cannot be booked as it stands (the page says why beside its dates). */
  disabled: boolean;
  onSubmit: (contact: TContactInfo) => void;
}

/**
 * The checkout's contact details, message to the host and its one button (docs/product.md#guest-validation,
 * docs/checkout.md): the same ZContactInfo the server applies. Every answer about the attempt is said here,
 * above the button, with everything as typed.
 */
export function CheckoutForm({
  initial,
  draft,
  onChange,
  pending,
  progress,
  confirmLabel,
  disabled,
  onSubmit,
}: TCheckoutFormProps) {
  const form = useForm<TContactFormValues>({
    mode: 'uncontrolled',
    initialValues: {
      name: initial.name,
      email: initial.email,
      phone: '',
      country: '',
      specialRequests: '',
      ...draft,
    },
    validate: async (values) => (await loadRules()).contactRules(values),
    onValuesChange: onChange,
  });

  // A user who signs in while the page is open gets name and e-mail filled in, without overwriting typing.
  const { getValues, setFieldValue } = form;
  useEffect(() => {
    const values = getValues();
    if (!values.name && initial.name) setFieldValue('name', initial.name);
    if (!values.email && initial.email) setFieldValue('email', initial.email);
  }, [initial.name, initial.email, getValues, setFieldValue]);

  const submit = form.onSubmit((values) => {
    if (progress?.kind === 'unpaid') return;
    const specialRequests = values.specialRequests.trim();
    onSubmit({
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      country: values.country.trim(),
      ...(specialRequests ? { specialRequests } : {}),
    });
  });

  const booked = progress?.kind === 'unpaid';
  return (
    <form
      onSubmit={submit}
      onFocus={() => void loadRules()}
      noValidate
      aria-labelledby="checkout-contact-title"
    >
      <Stack gap="sm">
        <Title order={2} fz={20} id="checkout-contact-title">
          Contact information
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <FormTextInput bind={form} path="name" label="Full name" autoComplete="name" withAsterisk />
          <EmailField bind={form} withAsterisk />
          <FormTextInput bind={form} path="phone" label="Phone" type="tel" autoComplete="tel" withAsterisk />
          <FormTextInput
            bind={form}
            path="country"
            label="Country/Region"
            autoComplete="country-name"
            withAsterisk
          />
        </SimpleGrid>
        <GrowingTextarea
          label="Message to the host"
          description="Optional: your arrival time, special requests or questions"
          minRows={2}
          maxRows={6}
          key={form.key('specialRequests')}
          {...form.getInputProps('specialRequests')}
        />
        {/* Always in the page, so a screen reader announces what appears in it. */}
        <div role="status" data-testid="booking-progress">
          {progress?.kind === 'checking' && (
            <Group gap="xs">
              <Loader size="xs" aria-hidden />
              <Text size="sm">Checking your booking…</Text>
            </Group>
          )}
        </div>
        {progress?.kind === 'unreachable' && (
          <Alert color="red" title="We can't reach StayHub right now" data-testid="booking-unreachable">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                Your details are kept, and we'll check whether your booking went through before making
                another. Try again in a moment.
              </Text>
              <Button type="submit" color="red" size="xs">
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
        {progress?.kind === 'failed' && (
          <Alert color="red" title="Your booking was not made" data-testid="booking-error">
            {progress.message}
          </Alert>
        )}
        {progress?.kind === 'unpaid' && (
          <Alert color="orange" title="Booked, but not paid yet" data-testid="booking-unpaid">
            <Text size="sm">
              Your booking {progress.confirmationNumber} is made, but the card payment could not be started:{' '}
              {progress.message} You can pay from your booking&apos;s page.
            </Text>
            <Anchor href={`/manage/${progress.manageToken}`} size="sm" fw={600}>
              Go to your booking
            </Anchor>
          </Alert>
        )}
        <Button
          type="submit"
          size="md"
          loading={pending}
          disabled={booked || (disabled && progress?.kind !== 'unreachable')}
          fullWidth
          mt="xs"
          data-testid="confirm-booking"
        >
          {confirmLabel}
        </Button>
      </Stack>
    </form>
  );
}
