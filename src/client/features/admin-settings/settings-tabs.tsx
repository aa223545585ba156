import { Tabs } from '@mantine/core';
import {
  IconBriefcase,
  IconCalendar,
  IconCategory,
  IconCoin,
  IconCreditCard,
  IconPlugConnected,
  IconSettings,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TSettings } from '#shared/schemas/settings.ts';
import { IntegrationsPanel } from './integrations-panel.tsx';
import { PaymentsPanel } from './payments-panel.tsx';
import {
  BookingPanel,
  BusinessPanel,
  FinancialPanel,
  GeneralPanel,
  type TSettingsForm,
} from './settings-panels.tsx';

export type TTab =
  'general' | 'business' | 'booking' | 'financial' | 'payments' | 'categories' | 'integrations';

/** Which tab holds each field, so a failed save can show the first field in error. */
export const FIELD_TAB: Record<keyof TSettings, TTab> = {
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
  requestResponseHours: 'booking',
  currency: 'financial',
  taxRate: 'financial',
  enableExchangeRates: 'integrations',
  enableEmailNotifications: 'integrations',
  enableGuestRegistration: 'integrations',
  enableReviews: 'integrations',
  icalSyncMinutes: 'booking',
};
export const TAB_ORDER: TTab[] = [
  'general',
  'business',
  'booking',
  'financial',
  'payments',
  'categories',
  'integrations',
];

const TABS: { value: TTab; label: string; icon: typeof IconSettings }[] = [
  { value: 'general', label: 'General', icon: IconSettings },
  { value: 'business', label: 'Business', icon: IconBriefcase },
  { value: 'booking', label: 'Booking', icon: IconCalendar },
  { value: 'financial', label: 'Financial', icon: IconCoin },
  { value: 'payments', label: 'Payments', icon: IconCreditCard },
  { value: 'categories', label: 'Categories', icon: IconCategory },
  { value: 'integrations', label: 'Integrations', icon: IconPlugConnected },
];

/** The six tabs; only the open one is mounted (the form keeps every field's value). */
export function SettingsTabs({
  tab,
  setTab,
  form,
  categoriesPanel,
}: {
  tab: TTab;
  setTab: (tab: TTab) => void;
  form: TSettingsForm;
  categoriesPanel: ReactNode;
}) {
  return (
    <Tabs value={tab} onChange={(t) => setTab((t as TTab | null) ?? 'general')} keepMounted={false}>
      <Tabs.List mb="md">
        {TABS.map(({ value, label, icon: Icon }) => (
          <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} />}>
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="general">
        <GeneralPanel form={form} />
      </Tabs.Panel>
      <Tabs.Panel value="business">
        <BusinessPanel form={form} />
      </Tabs.Panel>
      <Tabs.Panel value="booking">
        <BookingPanel form={form} />
      </Tabs.Panel>
      <Tabs.Panel value="financial">
        <FinancialPanel form={form} />
      </Tabs.Panel>
      <Tabs.Panel value="payments">
        <PaymentsPanel />
      </Tabs.Panel>
      <Tabs.Panel value="categories">{categoriesPanel}</Tabs.Panel>
      <Tabs.Panel value="integrations">
        <IntegrationsPanel form={form} />
      </Tabs.Panel>
    </Tabs>
  );
}
