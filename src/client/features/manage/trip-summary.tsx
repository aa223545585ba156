import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '#shared/money.ts';
import { LEDGER_CURRENCY } from '#shared/payments.ts';
import { formatIsoDate } from '#shared/dates.ts';
import type { TManagedBooking } from '#shared/schemas/manage.ts';
import { STAY_COLOR, tripLabel } from '#shared/stay-status.ts';

const PAYMENT_COLOR: Partial<Record<string, string>> = { paid: 'green', refunded: 'gray' };

/**
 * The trip at a glance (docs/trip-page.md): where the booking stands, where its payments stand and what
 * is due next, all as the server's money facts state them.
 */
export function TripSummary({ booking }: { booking: TManagedBooking }) {
  const label = tripLabel(booking);
  const payment = booking.payment;
  const next = payment?.next ?? null;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="trip-summary-title">
      <Stack gap="xs">
        <Title order={2} fz="md" id="trip-summary-title">
          Your trip
        </Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Booking
          </Text>
          <Badge color={STAY_COLOR[label]} variant="light" className="stay-badge" data-testid="trip-status">
            {label}
          </Badge>
          {payment && (
            <>
              <Text size="sm" c="dimmed" ml="sm">
                Payment
              </Text>
              <Badge
                color={PAYMENT_COLOR[payment.state] ?? 'yellow'}
                variant="light"
                className="stay-badge"
                data-testid="trip-payment-status"
              >
                {payment.label}
              </Badge>
            </>
          )}
        </Group>
        {next && (
          <Text size="sm" data-testid="trip-next-payment">
            Next: {next.part === 'deposit' ? 'the deposit' : 'the balance'},{' '}
            {/* In the ledger's currency: payments are taken in it, whatever the price display shows. */}
            <strong>{formatMoney(next.amount, LEDGER_CURRENCY)}</strong>,{' '}
            {next.dueOn ? `due by ${formatIsoDate(next.dueOn, true)}` : 'due now'}.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
