import { Alert, Card, Divider, Stack, Text, Title } from '@mantine/core';
import { formatIsoDate } from '#shared/dates.ts';
import type { TManagedBooking } from '#shared/schemas/manage.ts';
import { clockLabel } from '#shared/trip.ts';
import { FactRow } from '../../components/fact-rows.tsx';

/**
 * Arriving and leaving (docs/trip-page.md): the times by the home's clock, the check-in instructions once
 * the server sends them (it sends none before their time), and the house rules.
 */
export function TripArrival({ booking }: { booking: TManagedBooking }) {
  const { trip, timeZone } = booking;
  const closed = booking.status === 'cancelled' || booking.status === 'declined';
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="trip-arrival-title">
      <Stack gap="xs">
        <Title order={2} fz="md" id="trip-arrival-title">
          Arrival and departure
        </Title>
        <FactRow
          label="Check-in"
          value={`${formatIsoDate(booking.checkIn, true)}, from ${clockLabel(trip.checkInTime)}`}
          testId="trip-check-in"
        />
        <FactRow
          label="Check-out"
          value={`${formatIsoDate(booking.checkOut, true)}, by ${clockLabel(trip.checkOutTime)}`}
          testId="trip-check-out"
        />
        <Text size="xs" c="dimmed">
          Times are local to the home ({timeZone}).
        </Text>
        {!closed && trip.instructionsFromText && (
          <>
            <Divider />
            <Title order={3} fz="sm">
              Check-in instructions
            </Title>
            {trip.checkInInstructions ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="trip-instructions">
                {trip.checkInInstructions}
              </Text>
            ) : (
              <Alert
                variant="light"
                color="gray"

                data-testid="trip-instructions-later"
              >
                {booking.status === 'confirmed'
                  ? `Your check-in instructions appear here from ${trip.instructionsFromText}.`
                  : 'Your check-in instructions appear here once your booking is confirmed, closer to your arrival.'}
              </Alert>
            )}
          </>
        )}
        {trip.houseRules && (
          <>
            <Divider />
            <Title order={3} fz="sm">
              House rules
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="trip-house-rules">
              {trip.houseRules}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
