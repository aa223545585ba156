import { ActionIcon, Group, Loader, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { CURRENCIES, useCurrency, type TCurrency } from '../../lib/currency.tsx';
import classes from './layout.module.css';
import { useSiteConfig } from './use-site-config.ts';

/**
 * A tooltip in plain CSS (shown on hover and keyboard focus): the header stays free of the positioning
 * library that Mantine's Tooltip brings, which keeps the first page load small.
 */
function HoverTip({ label, children }: { label: ReactNode; children: (describedBy: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={classes.tipHost}>
      {children(id)}
      <div role="tooltip" id={id} className={classes.tip}>
        {label}
      </div>
    </div>
  );
}

/**
 * The two currencies as a radio group drawn like a segmented control, in plain CSS. Mantine's
 * SegmentedControl measures its labels through ref callbacks that set state while React commits, which
 * turned the app's first commit on every guest page into one long synchronous task.
 */
function CurrencyRadios({
  value,
  onChange,
  describedBy,
}: {
  value: TCurrency;
  onChange: (c: TCurrency) => void;
  describedBy: string | undefined;
}) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label="Currency"
      aria-describedby={describedBy}
      className={classes.segmented}
      data-testid="currency-switch"
    >
      {CURRENCIES.map((c) => (
        <label key={c} className={classes.segment}>
          <input
            type="radio"
            name={name}
            value={c}
            checked={value === c}
            onChange={() => onChange(c)}
            className={classes.segmentInput}
          />
          <span className={classes.segmentLabel}>{c}</span>
        </label>
      ))}
    </div>
  );
}

/**
 * USD/PKR switch with the exchange information in the refresh button's tooltip (docs/product.md#guest-constants).
 * `compact` (narrow screens) drops the refresh button and puts the tooltip on the switch.
 */
export function CurrencySwitch({ compact = false }: { compact?: boolean }) {
  const { currency, setCurrency, rateLabel, lastUpdated, refresh, refreshing } = useCurrency();
  const { settings } = useSiteConfig();
  const canRefresh = settings.enableExchangeRates;
  const info = (
    <>
      <Text size="xs" fw={600} inherit>
        {rateLabel}
      </Text>
      <Text size="xs" inherit>
        Last updated: {lastUpdated}
      </Text>
    </>
  );
  const control = (describedBy?: string) => (
    <CurrencyRadios value={currency} onChange={setCurrency} describedBy={describedBy} />
  );
  if (compact) return <HoverTip label={info}>{(id) => control(id)}</HoverTip>;
  return (
    <Group gap={4} wrap="nowrap">
      {control()}
      <HoverTip label={info}>
        {(id) => (
          <ActionIcon
            variant="subtle"
            color="gray"
            radius="xl"
            size={28}
            aria-label="Refresh exchange rate"
            aria-describedby={id}
            data-testid="currency-refresh"
            // The spinner is swapped in here rather than through `loading`, whose enter/exit
            // animation forces a synchronous React render each time a refresh starts or ends.
            aria-busy={refreshing || undefined}
            data-disabled={!canRefresh || undefined}
            onClick={() => {
              if (canRefresh && !refreshing) void refresh();
            }}
          >
            {refreshing ? (
              <Loader size={14} color="currentColor" aria-hidden />
            ) : (
              <IconRefresh size={14} aria-hidden />
            )}
          </ActionIcon>
        )}
      </HoverTip>
    </Group>
  );
}
