import { Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatIsoDate } from '../../../shared/dates.ts';
import { guestsLabel } from '../../../shared/labels.ts';
import type { TManagedBooking } from '../../../shared/schemas/manage.ts';
import { useCurrency } from '../../lib/currency.tsx';

function Row({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" data-testid={testId} style={{ wordBreak: 'break-word' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The stay with its price, and the contact details the guest gave, side by side. */
export function StayFacts({ booking }: { booking: TManagedBooking }) {
  const { format } = useCurrency();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Card withBorder radius="md">
        <Stack gap="xs">
          <Title order={3} fz="md">
            Your stay
          </Title>
          <Row label="BIC number" value={booking.confirmationNumber} testId="confirmation-number" />
          <Row label="Check-in" value={formatIsoDate(booking.checkIn, true)} />
          <Row label="Check-out" value={formatIsoDate(booking.checkOut, true)} />
          <Row label="Nights" value={booking.nights} />
          <Row label="Guests" value={guestsLabel(booking.guests)} />
          <Divider />
          <Row
            label={`${format(booking.nightlyPrice)} x ${booking.nights} nights`}
            value={format(booking.subtotal)}
          />
          <Row label={`GST (${booking.taxRate}%)`} value={format(booking.taxAmount)} />
          <Row label="Total" value={format(booking.totalPrice)} testId="managed-total" />
        </Stack>
      </Card>
      <Card withBorder radius="md">
        <Stack gap="xs">
          <Title order={3} fz="md">
            Contact details
          </Title>
          {booking.contactInfo ? (
            <>
              <Row label="Name" value={booking.contactInfo.name} />
              <Row label="Email" value={booking.contactInfo.email} />
              <Row label="Phone" value={booking.contactInfo.phone} />
              <Row label="Country/Region" value={booking.contactInfo.country} />
              {booking.contactInfo.specialRequests && (
                <Row label="Special requests" value={booking.contactInfo.specialRequests} />
              )}
            </>
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
