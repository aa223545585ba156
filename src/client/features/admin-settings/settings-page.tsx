import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Divider,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  IconBriefcase,
  IconCalendar,
  IconCategory,
  IconCoin,
  IconPlugConnected,
  IconSettings,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState, type ReactNode } from 'react';
import { SETTINGS_DEFAULTS } from '../../../shared/constants.ts';
import { ZSettings, type TSettings } from '../../../shared/schemas/settings.ts';
import { useAuth } from '../../lib/auth.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { LoadingLine } from '../../components/loading-line.tsx';
import '../../styles/more-components.css';

const CURRENCIES = [
  { value: 'USD', label: 'USD - US Dollar' },
  { value: 'PKR', label: 'PKR - Pakistani Rupee' },
];

type TTab = 'general' | 'business' | 'booking' | 'financial' | 'categories' | 'integrations';

/** Which tab holds each field, so a failed save can show the first field in error. */
const FIELD_TAB: Record<keyof TSettings, TTab> = {
  siteName: 'general',
  siteDescription: 'general',
  adminEmail: 'general',
  supportEmail: 'general',
  notificationEmail: 'general',
  businessAddress: 'business',
  phoneNumber: 'business',
  businessHours: 'business',
  maxGuestsDefault: 'booking',
  minNightsDefault: 'booking',
  maxNightsDefault: 'booking',
  advanceBookingDays: 'booking',
  currency: 'financial',
  taxRate: 'financial',
  enableExchangeRates: 'integrations',
  enableEmailNotifications: 'integrations',
  enableGuestRegistration: 'integrations',
  enableReviews: 'integrations',
};
const TAB_ORDER: TTab[] = ['general', 'business', 'booking', 'financial', 'categories', 'integrations'];

function StatusRow({ label, enabled }: { label: string; enabled: boolean }) {
  return (
    <Group justify="space-between">
      <Text size="sm">{label}</Text>
      <Badge color={enabled ? 'green' : 'gray'} variant={enabled ? 'light' : 'outline'}>
        {enabled ? 'Connected' : 'Disabled'}
      </Badge>
    </Group>
  );
}

/**
 * Settings (admin-side §2.9): six tabs over one form validated by ZSettings, the schema the server
 * applies too; saved to the one settings record (DECISIONS 10). The Categories tab is passed in.
 */
export function SettingsPage({ categoriesPanel }: { categoriesPanel: ReactNode }) {
  const { isLoading: authLoading } = useAuth();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TTab>('general');
  const settings = useQuery(trpc.settings.get.queryOptions(undefined, { staleTime: 0 }));
  const form = useForm<TSettings>({
    mode: 'controlled',
    initialValues: { ...SETTINGS_DEFAULTS },
    validate: zod4Resolver(ZSettings),
  });

  const { initialize } = form;
  useEffect(() => {
    if (settings.data) initialize(settings.data);
  }, [settings.data, initialize]);

  const save = useMutation(
    trpc.settings.update.mutationOptions({
      onSuccess: async (saved) => {
        // The saved values become the new baseline.
        form.setInitialValues(saved);
        form.setValues(saved);
        form.resetDirty(saved);
        queryClient.setQueryData(trpc.settings.get.queryKey(), saved);
        notifications.show({
          title: 'Settings saved',
          message: 'Your changes have been saved successfully.',
          color: 'green',
        });
        // The guest site reads the public part; it follows at once.
        await queryClient.invalidateQueries(trpc.config.get.queryFilter());
      },
      onError: () => {
        notifications.show({
          title: 'Error',
          message: 'Failed to save settings. Please try again.',
          color: 'red',
        });
      },
    }),
  );

  if (authLoading) {
    return <LoadingLine />;
  }
  if (settings.isPending) {
    return (
      <Center py={80}>
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed">Loading settings...</Text>
        </Stack>
      </Center>
    );
  }
  if (settings.isError) {
    return (
      <Alert color="red" title="Failed to load settings">
        {errorMessage(settings.error, 'Please try again later.')}
      </Alert>
    );
  }

  const v = form.getValues();
  const numberProps = (field: keyof TSettings) => {
    const p = form.getInputProps(field);
    const onChange = p.onChange as (value: unknown) => void;
    return { ...p, onChange: (value: string | number) => onChange(value === '' ? '' : Number(value)) };
  };

  return (
    <form
      onSubmit={form.onSubmit(
        (values) => save.mutate(values),
        (errors) => {
          const tabs = Object.keys(errors).map((field) => FIELD_TAB[field as keyof TSettings]);
          const first = TAB_ORDER.find((t) => tabs.includes(t));
          if (first && !tabs.includes(tab)) setTab(first);
        },
      )}
      noValidate
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>Settings</Title>
            <Text c="dimmed">Manage your site, business, booking and integration settings</Text>
          </div>
          <Button
            type="submit"
            loading={save.isPending}
            loaderProps={{ type: 'dots' }}
            disabled={save.isPending}
            data-testid="save-settings"
          >
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        </Group>

        <Tabs value={tab} onChange={(t) => setTab((t as TTab | null) ?? 'general')} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="general" leftSection={<IconSettings size={16} />}>
              General
            </Tabs.Tab>
            <Tabs.Tab value="business" leftSection={<IconBriefcase size={16} />}>
              Business
            </Tabs.Tab>
            <Tabs.Tab value="booking" leftSection={<IconCalendar size={16} />}>
              Booking
            </Tabs.Tab>
            <Tabs.Tab value="financial" leftSection={<IconCoin size={16} />}>
              Financial
            </Tabs.Tab>
            <Tabs.Tab value="categories" leftSection={<IconCategory size={16} />}>
              Categories
            </Tabs.Tab>
            <Tabs.Tab value="integrations" leftSection={<IconPlugConnected size={16} />}>
              Integrations
            </Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="general">
            <Card withBorder padding="lg">
              <Stack gap="md">
                <Title order={3}>General Settings</Title>
                <TextInput label="Site Name" {...form.getInputProps('siteName')} key={form.key('siteName')} />
                <Textarea
                  label="Site Description"
                  autosize
                  minRows={2}
                  {...form.getInputProps('siteDescription')}
                  key={form.key('siteDescription')}
                />
                <Divider label="Email Settings" labelPosition="left" mt="sm" />
                <SimpleGrid cols={{ base: 1, md: 3 }}>
                  <TextInput
                    label="Admin Email"
                    type="email"
                    {...form.getInputProps('adminEmail')}
                    key={form.key('adminEmail')}
                  />
                  <TextInput
                    label="Support Email"
                    type="email"
                    {...form.getInputProps('supportEmail')}
                    key={form.key('supportEmail')}
                  />
                  <TextInput
                    label="Notification Email"
                    type="email"
                    {...form.getInputProps('notificationEmail')}
                    key={form.key('notificationEmail')}
                  />
                </SimpleGrid>
              </Stack>
            </Card>
          </Tabs.Panel>

          <Tabs.Panel value="business">
            <Card withBorder padding="lg">
              <Stack gap="md">
                <Title order={3}>Business Information</Title>
                <Textarea
                  label="Business Address"
                  autosize
                  minRows={2}
                  {...form.getInputProps('businessAddress')}
                  key={form.key('businessAddress')}
                />
                <SimpleGrid cols={{ base: 1, md: 2 }}>
                  <TextInput
                    label="Phone Number"
                    type="tel"
                    {...form.getInputProps('phoneNumber')}
                    key={form.key('phoneNumber')}
                  />
                  <TextInput
                    label="Business Hours"
                    {...form.getInputProps('businessHours')}
                    key={form.key('businessHours')}
                  />
                </SimpleGrid>
              </Stack>
            </Card>
          </Tabs.Panel>

          <Tabs.Panel value="booking">
            <Card withBorder padding="lg">
              <Stack gap="md">
                <Title order={3}>Booking Settings</Title>
                <SimpleGrid cols={{ base: 1, md: 2 }}>
                  <NumberInput
                    clampBehavior="none"
                    label="Default Max Guests"
                    min={1}
                    max={20}
                    allowDecimal={false}
                    {...numberProps('maxGuestsDefault')}
                    key={form.key('maxGuestsDefault')}
                  />
                  <NumberInput
                    clampBehavior="none"
                    label="Advance Booking Days"
                    min={0}
                    allowDecimal={false}
                    {...numberProps('advanceBookingDays')}
                    key={form.key('advanceBookingDays')}
                  />
                  <NumberInput
                    clampBehavior="none"
                    label="Default Min Nights"
                    min={1}
                    allowDecimal={false}
                    {...numberProps('minNightsDefault')}
                    key={form.key('minNightsDefault')}
                  />
                  <NumberInput
                    clampBehavior="none"
                    label="Default Max Nights"
                    min={1}
                    allowDecimal={false}
                    {...numberProps('maxNightsDefault')}
                    key={form.key('maxNightsDefault')}
                  />
                </SimpleGrid>
              </Stack>
            </Card>
          </Tabs.Panel>

          <Tabs.Panel value="financial">
            <Card withBorder padding="lg">
              <Stack gap="md">
                <Title order={3}>Financial Settings</Title>
                <SimpleGrid cols={{ base: 1, md: 2 }}>
                  <Select
                    label="Primary Currency"
                    data={CURRENCIES}
                    allowDeselect={false}
                    {...form.getInputProps('currency')}
                    onChange={(value: string | null) => form.setFieldValue('currency', value ?? '')}
                    key={form.key('currency')}
                  />
                  <NumberInput
                    clampBehavior="none"
                    label="Tax Rate (%)"
                    min={0}
                    max={100}
                    step={0.01}
                    decimalScale={2}
                    {...numberProps('taxRate')}
                    key={form.key('taxRate')}
                  />
                </SimpleGrid>
              </Stack>
            </Card>
          </Tabs.Panel>

          <Tabs.Panel value="categories">{categoriesPanel}</Tabs.Panel>

          <Tabs.Panel value="integrations">
            <Card withBorder padding="lg">
              <Stack gap="lg">
                <Title order={3}>Integrations</Title>
                <Switch
                  label="Currency Exchange Rates"
                  description="Refresh the USD to PKR rate from the exchange rate services"
                  {...form.getInputProps('enableExchangeRates', { type: 'checkbox' })}
                  key={form.key('enableExchangeRates')}
                />
                <Switch
                  label="Email Notifications"
                  description="Send booking notifications by email"
                  {...form.getInputProps('enableEmailNotifications', { type: 'checkbox' })}
                  key={form.key('enableEmailNotifications')}
                />
                <Switch
                  label="Guest Registration"
                  description="When on, guests must sign in to book; when off, they book without an account"
                  {...form.getInputProps('enableGuestRegistration', { type: 'checkbox' })}
                  key={form.key('enableGuestRegistration')}
                />
                <Switch
                  label="Property Reviews"
                  description="Show reviews on property pages"
                  {...form.getInputProps('enableReviews', { type: 'checkbox' })}
                  key={form.key('enableReviews')}
                />
                <Paper withBorder p="md" radius="md" data-testid="api-status">
                  <Text fw={600} mb="sm">
                    API Integration Status
                  </Text>
                  <Stack gap="xs">
                    <StatusRow label="Exchange Rate API" enabled={v.enableExchangeRates} />
                    <StatusRow label="Email Service" enabled={v.enableEmailNotifications} />
                  </Stack>
                </Paper>
              </Stack>
            </Card>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </form>
  );
}
