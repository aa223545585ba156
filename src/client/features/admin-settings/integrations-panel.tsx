import { Badge, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCurrency } from '../../lib/currency.tsx';
import type { TEmailServiceStatus } from '#shared/schemas/emails.ts';
import { emailStatusQueryOptions } from './api.ts';
import { Panel, type TSettingsForm } from './settings-panels.tsx';

interface TStatus {
  label: string;
  color: string;
  detail?: string;
}

function StatusRow({ name, status }: { name: string; status: TStatus }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <div>
        <Text size="sm">{name}</Text>
        {status.detail && (
          <Text size="xs" c="dimmed">
            {status.detail}
          </Text>
        )}
      </div>
      <Badge color={status.color} variant="filled">
        {status.label}
      </Badge>
    </Group>
  );
}

const DISABLED: TStatus = { label: 'Disabled', color: 'gray.7' };

/**
 * Exchange rates are fetched by the browser, so this tab knows how its own last refresh went;
 * 'Connected' only after a rate actually arrived.
 */
function useExchangeStatus(enabled: boolean): TStatus {
  const { lastRefresh, lastUpdated, rates } = useCurrency();
  if (!enabled) return DISABLED;
  if (lastRefresh === 'ok') return { label: 'Connected', color: '#1b5e20', detail: `Updated ${lastUpdated}` };
  if (lastRefresh === 'failed')
    return { label: 'Unreachable', color: '#b71c1c', detail: `Using the stored rate (${lastUpdated})` };
  return {
    label: 'Not checked yet',
    color: '#8a4b00',
    detail: rates.updatedAt ? `Last rate ${lastUpdated}` : 'No rate received yet',
  };
}

const EMAIL_STATUS_COLOR: Record<TEmailServiceStatus['status'], string> = {
  connected: '#1b5e20',
  local: '#8a4b00',
  disabled: 'gray.7',
  unreachable: '#b71c1c',
};

/**
 * E-mail as the server sees it (docs/features.md#emails): 'Connected' after a successful SMTP verify, 'Local delivery'
 * without SMTP_URL, 'Disabled' with the switch off (the form's switch wins while it is being edited).
 */
function useEmailStatus(enabled: boolean): TStatus {
  const status = useQuery(emailStatusQueryOptions());
  if (!enabled) return { ...DISABLED, detail: 'Security e-mails (password reset) are still sent' };
  if (!status.data) return { label: 'Checking…', color: '#8a4b00' };
  return {
    label: status.data.label,
    color: EMAIL_STATUS_COLOR[status.data.status],
    detail: status.data.detail,
  };
}

export function IntegrationsPanel({ form }: { form: TSettingsForm }) {
  const v = form.getValues();
  const exchange = useExchangeStatus(v.enableExchangeRates);
  const email = useEmailStatus(v.enableEmailNotifications);
  return (
    <Panel title="Integrations">
      <Switch
        label="Currency Exchange Rates"
        description="Refresh the USD to PKR rate from the exchange rate services"
        {...form.getInputProps('enableExchangeRates', { type: 'checkbox' })}
      />
      <Switch
        label="Email Notifications"
        description="Send booking notifications by email"
        {...form.getInputProps('enableEmailNotifications', { type: 'checkbox' })}
      />
      <Switch
        label="Guest Registration"
        description="When on, guests must sign in to book; when off, they book without an account"
        {...form.getInputProps('enableGuestRegistration', { type: 'checkbox' })}
      />
      <Switch
        label="Property Reviews"
        description="Show reviews on property pages"
        {...form.getInputProps('enableReviews', { type: 'checkbox' })}
      />
      <Paper withBorder p="md" radius="md" data-testid="api-status">
        <Text fw={600} mb="sm">
          API Integration Status
        </Text>
        <Stack gap="xs">
          <StatusRow name="Exchange Rate API" status={exchange} />
          <StatusRow name="Email Service" status={email} />
        </Stack>
      </Paper>
    </Panel>
  );
}
