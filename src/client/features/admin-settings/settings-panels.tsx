import {
  Card,
  Divider,
  NumberInput,
  type NumberInputProps,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { ReactNode } from 'react';
import { SETTINGS_DEFAULTS } from '#shared/constants.ts';
import { ZSettings, type TSettings } from '#shared/schemas/settings.ts';
import { GrowingTextarea } from '../../components/growing-textarea.tsx';

/** The Settings form, validated by ZSettings (the server's own schema). */
export function useSettingsForm() {
  return useForm<TSettings>({
    mode: 'controlled',
    initialValues: { ...SETTINGS_DEFAULTS },
    validate: zod4Resolver(ZSettings),
  });
}
// @mantine/form's `export type * from './types'` has no extension, which NodeNext cannot follow.
export type TSettingsForm = ReturnType<typeof useSettingsForm>;

const CURRENCIES = [
  { value: 'USD', label: 'USD - US Dollar' },
  { value: 'PKR', label: 'PKR - Pakistani Rupee' },
];

export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} fz="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** A number field whose empty state stays empty (the schema then says what is wrong). */
function numberProps(form: TSettingsForm, field: keyof TSettings) {
  const p = form.getInputProps(field);
  const onChange = p.onChange as (value: unknown) => void;
  return {
    ...p,
    clampBehavior: 'none' as const,
    onChange: (value: string | number) => onChange(value === '' ? '' : Number(value)),
  };
}

/** A whole-number setting, empty while empty like any number field here. */
function CountField({
  form,
  field,
  ...props
}: { form: TSettingsForm; field: keyof TSettings } & Omit<NumberInputProps, 'form'>) {
  return <NumberInput {...props} allowDecimal={false} {...numberProps(form, field)} />;
}

/** The form is controlled, so the fields need no `form.key`. */
function text(form: TSettingsForm, field: keyof TSettings) {
  return form.getInputProps(field);
}

export function GeneralPanel({ form }: { form: TSettingsForm }) {
  return (
    <Panel title="General Settings">
      <TextInput label="Site Name" {...text(form, 'siteName')} />
      <GrowingTextarea label="Site Description" minRows={2} {...text(form, 'siteDescription')} />
      <Divider label="Email Settings" labelPosition="left" mt="sm" />
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <TextInput label="Admin Email" type="email" {...text(form, 'adminEmail')} />
        <TextInput label="Support Email" type="email" {...text(form, 'supportEmail')} />
        <TextInput label="Notification Email" type="email" {...text(form, 'notificationEmail')} />
      </SimpleGrid>
    </Panel>
  );
}

export function BusinessPanel({ form }: { form: TSettingsForm }) {
  return (
    <Panel title="Business Information">
      <GrowingTextarea label="Business Address" minRows={2} {...text(form, 'businessAddress')} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TextInput label="Phone Number" type="tel" {...text(form, 'phoneNumber')} />
        <TextInput label="Business Hours" {...text(form, 'businessHours')} />
      </SimpleGrid>
    </Panel>
  );
}

export function BookingPanel({ form }: { form: TSettingsForm }) {
  return (
    <Panel title="Booking Settings">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <CountField
          form={form}
          field="maxGuestsDefault"
          label="Default Max Guests"
          description="Prefills Max Guests on a new listing"
          min={1}
          max={20}
        />
        <CountField form={form} field="advanceBookingDays" label="Advance Booking Days" min={0} />
        <CountField form={form} field="minNightsDefault" label="Default Min Nights" min={1} />
        <CountField form={form} field="maxNightsDefault" label="Default Max Nights" min={1} />
        <CountField
          form={form}
          field="requestResponseHours"
          label="Request response time (hours)"
          description="A request to book is declined when not answered in this time"
          min={1}
          max={168}
        />
        <CountField
          form={form}
          field="icalSyncMinutes"
          label="Calendar sync interval (minutes)"
          description="How often imported iCal feeds are fetched; at least 5"
          min={5}
          max={1440}
        />
      </SimpleGrid>
    </Panel>
  );
}

export function FinancialPanel({ form }: { form: TSettingsForm }) {
  return (
    <Panel title="Financial Settings">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Select
          label="Primary Currency"
          description="Shown to visitors who have not chosen a currency themselves"
          data={CURRENCIES}
          allowDeselect={false}
          {...text(form, 'currency')}
          onChange={(value: string | null) => form.setFieldValue('currency', value ?? '')}
        />
        <NumberInput
          label="Tax Rate (%)"
          min={0}
          max={100}
          step={0.01}
          decimalScale={2}
          {...numberProps(form, 'taxRate')}
        />
      </SimpleGrid>
    </Panel>
  );
}
