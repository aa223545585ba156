import { Card, Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { addDays, formatIsoDate } from '#shared/dates.ts';
import { nightsLabel, partyLabel } from '#shared/labels.ts';
import { nightRuns } from '#shared/pricing.ts';
import type { TManagedBooking } from '#shared/schemas/manage.ts';
import { ContactFactRows, FactRow } from '../../components/fact-rows.tsx';
import { useCurrency } from '../../lib/currency.tsx';

/** The stay with its price, and the contact details the guest gave, side by side. */
export function StayFacts({ booking }: { booking: TManagedBooking }) {
  const { show, stay } = useCurrency();
  // Converted night by night, then added up, so the lines and the total agree (docs/money.md).
  const money = stay(
    booking.nightPrices,
    booking.taxAmount,
    booking.lines.map((l) => l.amount),
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Card withBorder radius="md">
        <Stack gap="xs">
          <Title order={3} fz="md">
            Your stay
          </Title>
          <FactRow
            label="Confirmation number"
            value={booking.confirmationNumber}
            testId="confirmation-number"
          />
          <FactRow label="Check-in" value={formatIsoDate(booking.checkIn, true)} />
          <FactRow label="Check-out" value={formatIsoDate(booking.checkOut, true)} />
          <FactRow label="Nights" value={booking.nights} />
          <FactRow label="Guests" value={partyLabel(booking)} testId="managed-party" />
          <Divider />
          {/* The nights as booked, one line per run at one price: the lines add up to the subtotal. */}
          {nightRuns(money.nights.map((price, i) => ({ date: addDays(booking.checkIn, i), price }))).map(
            (r, _, all) => (
              <FactRow
                key={r.from}
                label={`${all.length > 1 ? `${formatIsoDate(r.from)} – ${formatIsoDate(r.to)} · ` : ''}${show(r.price)} x ${nightsLabel(r.nights)}`}
                value={show(r.price * r.nights)}
              />
            ),
          )}
          {booking.lines.map((l, i) => (
            <FactRow key={l.kind} label={l.label} value={show(money.lines[i] ?? 0)} />
          ))}
          <FactRow label="Total" value={show(money.total)} testId="managed-total" />
        </Stack>
      </Card>
      <Card withBorder radius="md">
        <Stack gap="xs">
          <Title order={3} fz="md">
            Contact details
          </Title>
          {booking.contactInfo ? (
            <ContactFactRows contact={booking.contactInfo} />
          ) : (
            <Text size="sm" c="dimmed">
              No contact details are kept for this booking.
            </Text>
          )}
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
