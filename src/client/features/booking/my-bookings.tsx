import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarEvent, IconLogin } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { formatIsoDate, todayIso } from '../../../shared/dates.ts';
import { guestsLabel, nightsLabel } from '../../../shared/labels.ts';
import { FALLBACK_IMAGE, imageSrcSet } from '../../../shared/media.ts';
import type { TMyBooking } from '../../../shared/schemas/booking.ts';
import { AnchorLink } from '../../components/anchor-link.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { useCurrency } from '../../lib/currency.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { STAY_COLOR, stayGroup, stayLabel, type TStayGroup } from '../../../shared/stay-status.ts';
import '../../styles/more-components.css';

const GROUPS: { key: TStayGroup; title: string; empty: string }[] = [
  { key: 'upcoming', title: 'Upcoming', empty: 'No upcoming stays.' },
  { key: 'past', title: 'Past', empty: 'No past stays yet.' },
  { key: 'cancelled', title: 'Cancelled', empty: 'No cancelled bookings.' },
];

function BookingCard({ booking: b, onCancel }: { booking: TMyBooking; onCancel: (b: TMyBooking) => void }) {
  const { format } = useCurrency();
  const label = stayLabel(b.status, b.checkOut);
  const group = stayGroup(b.status, b.checkOut);
  return (
    <Card withBorder radius="md" padding="md" data-testid="my-booking" data-booking-id={b.id}>
      <Card.Section component={Link} to={`/property/${b.propertyId}`} tabIndex={-1} aria-hidden>
        <Image
          src={b.propertyImage ?? FALLBACK_IMAGE}
          srcSet={b.propertyImage ? imageSrcSet(b.propertyImage) : undefined}
          sizes="(max-width: 48em) 100vw, 33vw"
          h={160}
          alt=""
          fallbackSrc={FALLBACK_IMAGE}
        />
      </Card.Section>
      <Group justify="space-between" mt="sm" wrap="nowrap" align="flex-start">
        <Text fw={600} lineClamp={2}>
          {b.propertyTitle}
        </Text>
        <Badge color={STAY_COLOR[label]} variant="light" data-testid="booking-status">
          {label}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {formatIsoDate(b.checkIn, true)} – {formatIsoDate(b.checkOut, true)} · {nightsLabel(b.nights)}
      </Text>
      <Text size="sm" c="dimmed">
        {guestsLabel(b.guests)}
      </Text>
      <Group justify="space-between" mt="sm">
        <Text size="sm" fw={700}>
          {format(b.totalPrice)}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {b.confirmationNumber}
        </Text>
      </Group>
      <Group gap="xs" mt="sm">
        <Button
          component={Link}
          to={`/bookings/${b.id}`}
          size="xs"
          variant="light"
          aria-label={`Details of ${b.propertyTitle}, ${formatIsoDate(b.checkIn, true)}`}
        >
          {label === 'Completed' ? 'Details and review' : 'Details'}
        </Button>
        {group === 'upcoming' && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => onCancel(b)}
            data-testid="cancel-from-list"
          >
            Cancel
          </Button>
        )}
      </Group>
    </Card>
  );
}

function BookingsList() {
  const queryClient = useQueryClient();
  const bookings = useQuery(trpc.bookings.mine.queryOptions());
  const cancel = useMutation(trpc.bookings.cancelMine.mutationOptions());
  const [toCancel, setToCancel] = useState<TMyBooking | null>(null);

  const confirmCancel = async () => {
    if (!toCancel) return;
    try {
      const updated = await cancel.mutateAsync({ id: toCancel.id });
      notifications.show({ title: 'Booking cancelled', message: 'The dates are released.', color: 'green' });
      void queryClient.invalidateQueries({
        queryKey: trpc.bookings.availability.queryKey({ id: updated.property.id }),
      });
    } catch (err) {
      notifications.show({
        title: 'Could not cancel',
        message: errorMessage(err, 'Please try again.'),
        color: 'red',
        autoClose: false,
      });
    } finally {
      setToCancel(null);
      void queryClient.invalidateQueries({ queryKey: trpc.bookings.mine.queryKey() });
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
                  <BookingCard key={b.id} booking={b} onCancel={setToCancel} />
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

/** 'My bookings' (DECISIONS 9): upcoming, past and cancelled stays of the signed-in user. */
export function MyBookingsPage() {
  const { isAuthenticated, isLoading, user, openAuthDialog } = useAuth();
  return (
    <Container size="xl" py="lg">
      <Title order={1} fz={28} mb="xs">
        My bookings
      </Title>
      <Text c="dimmed" size="sm" mb="lg">
        Booked without signing in? Open the link in your booking e-mail (or{' '}
        <AnchorLink to="/find-booking">find your booking</AnchorLink>) and choose &lsquo;Add to my
        bookings&rsquo;.
      </Text>
      {isLoading && !user ? (
        <Skeleton h={200} radius="md" />
      ) : isAuthenticated ? (
        <BookingsList />
      ) : (
        <Stack align="center" py="xl" gap="sm" ta="center">
          <Text fw={600}>Sign in to see your bookings</Text>
          <Text c="dimmed" size="sm">
            Bookings made while signed in are listed here.{' '}
            <Anchor component={Link} to="/find-booking">
              Find a booking made without an account
            </Anchor>
          </Text>
          <Button leftSection={<IconLogin size={16} aria-hidden />} onClick={() => openAuthDialog('login')}>
            Log in
          </Button>
        </Stack>
      )}
    </Container>
  );
}
