import { Divider, Group, Stack, Text } from '@mantine/core';
import { nightsLabel } from '../../../shared/labels.ts';
import type { TStayQuote } from '../../../shared/schemas/booking.ts';
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

/** The server's quote as the card shows it: nights × price (each night's price when they differ), GST, total. */
export function PriceBreakdown({ quote, format }: { quote: TStayQuote; format: (n: number) => string }) {
  const varies = quote.nightly.some((n) => n.price !== quote.nightlyPrice);
  return (
    <Stack gap={8} data-testid="price-breakdown">
      <PriceRow
        label={`${format(quote.nightlyPrice)}${varies ? ' avg.' : ''} x ${nightsLabel(quote.nights)}`}
        amount={format(quote.subtotal)}
        testId="subtotal"
      />
      <NightBreakdown nightly={quote.nightly} format={format} />
      <PriceRow label={`GST (${quote.taxRate}%)`} amount={format(quote.tax)} testId="tax" />
      <Divider />
      <PriceRow label="Total" amount={format(quote.total)} strong testId="total" />
    </Stack>
  );
}
