import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendarEvent, IconLogin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { TBookingStatus } from '../../../shared/constants.ts';
import { formatIsoDate } from '../../../shared/dates.ts';
import { guestsLabel } from '../../../shared/labels.ts';
import { FALLBACK_IMAGE, imageSrcSet } from '../../../shared/media.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useCurrency } from '../../lib/currency.tsx';
import { trpc } from '../../lib/trpc.ts';

const STATUS_COLOR: Record<TBookingStatus, string> = {
  pending: 'yellow',
  confirmed: 'green',
  cancelled: 'gray',
};
const STATUS_LABEL: Record<TBookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
};

function BookingsList() {
  const { format } = useCurrency();
  const bookings = useQuery(trpc.bookings.mine.queryOptions());
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
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      {bookings.data.map((b) => (
        <Card key={b.id} withBorder radius="md" padding="md" data-testid="my-booking">
          <Card.Section component={Link} to={`/property/${b.propertyId}`}>
            <Image
              src={b.propertyImage ?? FALLBACK_IMAGE}
              srcSet={b.propertyImage ? imageSrcSet(b.propertyImage) : undefined}
              sizes="(max-width: 48em) 100vw, 33vw"
              h={160}
              alt={b.propertyTitle}
              fallbackSrc={FALLBACK_IMAGE}
            />
          </Card.Section>
          <Group justify="space-between" mt="sm" wrap="nowrap" align="flex-start">
            <Text fw={600} lineClamp={2}>
              {b.propertyTitle}
            </Text>
            <Badge color={STATUS_COLOR[b.status]} variant="light" data-testid="booking-status">
              {STATUS_LABEL[b.status]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {formatIsoDate(b.checkIn, true)} – {formatIsoDate(b.checkOut, true)} ·{' '}
            {b.nights === 1 ? '1 night' : `${b.nights} nights`}
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
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** 'My bookings' (DECISIONS 9): the signed-in user's own bookings; visitors are asked to sign in. */
export function MyBookingsPage() {
  const { isAuthenticated, isLoading, user, openAuthDialog } = useAuth();
  return (
    <Container size="xl" py="lg">
      <Title order={1} fz={28} mb="lg">
        My bookings
      </Title>
      {isLoading && !user ? (
        <Skeleton h={200} radius="md" />
      ) : isAuthenticated ? (
        <BookingsList />
      ) : (
        <Stack align="center" py="xl" gap="sm" ta="center">
          <Text fw={600}>Sign in to see your bookings</Text>
          <Text c="dimmed" size="sm">
            Bookings made while signed in are listed here.
          </Text>
          <Button leftSection={<IconLogin size={16} aria-hidden />} onClick={() => openAuthDialog('login')}>
            Log in
          </Button>
        </Stack>
      )}
    </Container>
  );
}
