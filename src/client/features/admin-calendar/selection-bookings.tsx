import { Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { addDays } from '#shared/dates.ts';
import type { TCalendarBar } from '#shared/schemas/calendar.ts';
import { notifyRefused, useChangeBooking } from '../../lib/api/operator-bookings.ts';
import { NewBookingDialog } from '../../components/operator-bookings/new-booking-dialog.tsx';
import type { TSelection } from './month-grid.tsx';
import { barDates } from './nights-range.ts';

/**
 * Bookings from a selection of nights (docs/booking-operations.md#operator-bookings): enter a new booking
 * for them, or move one of the month's bookings onto them (check-in on the first night, check-out the
 * morning after the last). The server re-quotes the move and refuses taken nights with a 409 naming them.
 */
export function SelectionBookings({
  propertyId,
  homeTitle,
  bars,
  selection,
  onDone,
}: {
  propertyId: number;
  homeTitle: string;
  bars: TCalendarBar[];
  selection: TSelection;
  onDone: () => void;
}) {
  const [entering, setEntering] = useState(false);
  const [moving, setMoving] = useState<string | null>(null);
  const move = useChangeBooking(onDone);
  const checkIn = selection.start;
  const checkOut = addDays(selection.last, 1);
  const bookings = bars.filter(
    (b): b is TCalendarBar & { bookingId: number } =>
      b.bookingId !== null && (b.kind === 'pending' || b.kind === 'confirmed'),
  );
  return (
    <Card withBorder padding="md" data-testid="selection-bookings">
      <Stack gap="sm">
        <Text fw={600}>Bookings</Text>
        <Group align="flex-end" wrap="wrap">
          <Button variant="light" onClick={() => setEntering(true)}>
            New booking
          </Button>
          {bookings.length > 0 && (
            <>
              <Select
                label="Booking to move here"
                placeholder="Choose a booking"
                data={bookings.map((b) => ({
                  value: String(b.bookingId),
                  label: `${b.label} (${barDates(b)})`,
                }))}
                value={moving}
                onChange={setMoving}
                w={300}
              />
              <Button
                disabled={moving === null}
                loading={move.isPending}
                onClick={() =>
                  moving !== null &&
                  move.mutate({ id: Number(moving), checkIn, checkOut }, { onError: notifyRefused })
                }
              >
                Move booking here
              </Button>
            </>
          )}
        </Group>
      </Stack>
      <NewBookingDialog
        opened={entering}
        start={{ propertyId, propertyTitle: homeTitle, checkIn, checkOut }}
        onClose={() => setEntering(false)}
        onCreated={onDone}
      />
    </Card>
  );
}
