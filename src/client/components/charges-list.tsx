import { Group, Stack, Text } from '@mantine/core';
import type { z } from 'zod';
import { formatMinor } from '#shared/payments.ts';
import type { ZChargeLine } from '#shared/schemas/payments.ts';

/**
 * What a booking charges, line by line, as its invoice states it (docs/invoices.md): runs of nights with
 * their price, discounts, fees, taxes and adjustments, then their total. The lines come from the server's
 * money facts; nothing is added up here but what the server already summed (`total`).
 */
export function ChargesList({
  lines,
  total,
  currency,
}: {
  lines: z.infer<typeof ZChargeLine>[];
  total: number;
  currency: string;
}) {
  const money = (n: number) => formatMinor(n, currency);
  return (
    <Stack gap={4} data-testid="charges">
      {lines.map((l, i) => (
        <Group
          key={`${l.kind}-${i}`}
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          data-testid="charge-line"
        >
          <Text size="sm">
            {l.label}
            {l.quantity !== null && l.unitAmount !== null && (
              <Text span size="sm" c="dimmed">
                {` · ${l.quantity} × ${money(l.unitAmount)}`}
              </Text>
            )}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {money(l.amount)}
          </Text>
        </Group>
      ))}
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" fw={700}>
          Total
        </Text>
        <Text size="sm" fw={700} data-testid="charges-total">
          {money(total)}
        </Text>
      </Group>
    </Stack>
  );
}
