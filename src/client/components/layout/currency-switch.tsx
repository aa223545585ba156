import { ActionIcon, Group, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useCurrency, type TCurrency } from '../../lib/currency.tsx';
import { useSiteConfig } from './use-site-config.ts';

/** USD/PKR switch with the exchange information in the refresh button's tooltip (guest-side §9). */
export function CurrencySwitch({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { currency, setCurrency, rateLabel, lastUpdated, refresh, refreshing } = useCurrency();
  const { settings } = useSiteConfig();
  const canRefresh = settings.enableExchangeRates;
  return (
    <Group gap={4} wrap="nowrap">
      <SegmentedControl
        size={size}
        radius="xl"
        value={currency}
        onChange={(v) => setCurrency(v as TCurrency)}
        data={['USD', 'PKR']}
        aria-label="Currency"
        data-testid="currency-switch"
      />
      <Tooltip
        withArrow
        label={
          <Stack gap={0}>
            <Text size="xs" fw={600}>
              {rateLabel}
            </Text>
            <Text size="xs">Last updated: {lastUpdated}</Text>
          </Stack>
        }
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          radius="xl"
          size={size === 'xs' ? 28 : 34}
          aria-label={`Refresh exchange rate (${rateLabel})`}
          data-testid="currency-refresh"
          loading={refreshing}
          data-disabled={!canRefresh || undefined}
          onClick={() => {
            if (canRefresh) void refresh();
          }}
        >
          <IconRefresh size={14} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
