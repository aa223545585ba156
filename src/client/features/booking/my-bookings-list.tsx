import { Alert, Button, Group, Modal, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatIsoDate, todayIso } from '#shared/dates.ts';
import type { TMyBooking } from '#shared/schemas/booking.ts';
import { stayGroup, type TStayGroup } from '#shared/stay-status.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { myBookingsQuery, useCancelMyBooking } from './api.ts';
import { MyBookingCard } from './my-booking-card.tsx';

const GROUPS: { key: TStayGroup; title: string; empty: string }[] = [
  { key: 'upcoming', title: 'Upcoming', empty: 'No upcoming stays.' },
  { key: 'past', title: 'Past', empty: 'No past stays yet.' },
  { key: 'cancelled', title: 'Cancelled', empty: 'No cancelled bookings.' },
];

/** The signed-in guest's bookings in three groups, with cancel behind a confirm step. */
export function BookingsList() {
  const bookings = useQuery(myBookingsQuery());
  const cancel = useCancelMyBooking();
  const [toCancel, setToCancel] = useState<TMyBooking | null>(null);

  const confirmCancel = async () => {
    if (!toCancel) return;
    try {
      await cancel.mutateAsync({ id: toCancel.id });
      notifications.show({ title: 'Booking cancelled', message: 'The dates are released.', color: 'green' });
    } catch (err) {
      notifications.show({
        title: 'Could not cancel',
        message: errorMessage(err, 'Please try again.'),
        color: 'red',
        autoClose: false,
      });
    } finally {
      setToCancel(null);
    }
  };

  if (bookings.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} h={300} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (bookings.isError) return <Alert color="red" variant="light" title="Failed to load your bookings" />;
  if (bookings.data.length === 0) {
    return (
      <Stack align="center" py="xl" gap="sm">
        <IconCalendarEvent size={40} aria-hidden />
        <Text fw={600}>No bookings yet</Text>
        <Text c="dimmed" size="sm">
          When you book a stay, it shows up here.
        </Text>
        <Button component={Link} to="/" variant="light">
          Find a place to stay
        </Button>
      </Stack>
    );
  }
  const today = todayIso();
  return (
    <Stack gap="xl">
      {GROUPS.map((g) => {
        const items = bookings.data.filter((b) => stayGroup(b.status, b.checkOut, today) === g.key);
        // Upcoming stays soonest first; the others most recent first.
        if (g.key === 'upcoming') items.sort((a, b) => a.checkIn.localeCompare(b.checkIn));
        return (
          <section key={g.key} aria-labelledby={`bookings-${g.key}`} data-testid={`bookings-${g.key}`}>
            <Title order={2} fz="lg" mb="sm" id={`bookings-${g.key}`}>
              {g.title} ({items.length})
            </Title>
            {items.length === 0 ? (
              <Text c="dimmed" size="sm">
                {g.empty}
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
                {items.map((b) => (
                  <MyBookingCard key={b.id} booking={b} onCancel={setToCancel} />
                ))}
              </SimpleGrid>
            )}
          </section>
        );
      })}
      <Modal
        opened={toCancel !== null}
        onClose={() => setToCancel(null)}
        title="Cancel this booking?"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {toCancel &&
              `Your stay at ${toCancel.propertyTitle} from ${formatIsoDate(toCancel.checkIn, true)} will be cancelled and the dates released.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToCancel(null)}>
              Keep booking
            </Button>
            <Button color="red" loading={cancel.isPending} onClick={() => void confirmCancel()}>
              Cancel booking
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
