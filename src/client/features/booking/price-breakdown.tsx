import { Divider, Group, Stack, Text } from '@mantine/core';
import { shareOf, toMajor, toMinor } from '#shared/money.ts';
import { nightsLabel } from '#shared/labels.ts';
import type { TStayQuote } from '#shared/schemas/booking.ts';
import { useCurrency } from '../../lib/currency.tsx';
import { NightBreakdown } from './night-breakdown.tsx';

function PriceRow({
  label,
  amount,
  strong,
  testId,
}: {
  label: string;
  amount: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 400} td={strong ? undefined : 'underline'}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400} data-testid={testId}>
        {amount}
      </Text>
    </Group>
  );
}

/**
 * The server's quote as the card shows it: nights × price (each night's price when they differ), then
 * every line the quote names in its order (discounts, fees, GST, tourist tax; docs/money.md), total; in another currency each line is converted and the total is their sum (docs/money.md).
 */
/**
 * `updating`: a newer quote (other dates or party) is on its way; the figures shown are the previous
 * one's, so they are marked busy and dimmed until it lands.
 */
export function PriceBreakdown({ quote, updating = false }: { quote: TStayQuote; updating?: boolean }) {
  const { format, show, stay } = useCurrency();
  const money = stay(
    quote.nightly.map((n) => n.price),
    quote.tax,
    quote.lines.map((l) => l.amount),
  );
  const varies = quote.nightly.some((n) => n.price !== quote.nightlyPrice);
  // The average night to the cent, from the subtotal's cents.
  const nightly = varies
    ? toMajor(shareOf(toMinor(money.subtotal), 1, Math.max(1, quote.nights)))
    : (money.nights[0] ?? 0);
  return (
    <Stack
      gap={8}
      data-testid="price-breakdown"
      aria-busy={updating || undefined}
      style={updating ? { opacity: 0.6 } : undefined}
    >
      <PriceRow
        label={`${show(nightly)}${varies ? ' avg.' : ''} x ${nightsLabel(quote.nights)}`}
        amount={show(money.subtotal)}
        testId="subtotal"
      />
      <NightBreakdown nightly={quote.nightly} format={format} />
      {quote.lines.map((line, i) => (
        <PriceRow
          key={line.kind}
          label={line.label}
          amount={show(money.lines[i] ?? 0)}
          testId={line.kind === 'gst' ? 'tax' : `line-${line.kind}`}
        />
      ))}
      <Divider />
      <PriceRow label="Total" amount={show(money.total)} strong testId="total" />
    </Stack>
  );
}
