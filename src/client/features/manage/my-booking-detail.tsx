import { Alert, Button, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../../lib/auth.tsx';
import { BookingDetails } from './booking-details.tsx';
import { BookingMessages } from './booking-messages.tsx';
import {
  CANCELLED_TOAST,
  REVIEWED_TOAST,
  useBookingRefresh,
  myBookingDetailQuery,
  useCancelMine,
  useReviewMine,
} from './api/booking.ts';
import '../../styles/more-components.css';

function Detail({ id }: { id: number }) {
  const options = myBookingDetailQuery(id);
  const booking = useQuery(options);
  const cancel = useCancelMine();
  const review = useReviewMine();
  const { error, run } = useBookingRefresh(options.queryKey);
  if (booking.isPending) return <Skeleton h={360} radius="md" />;
  if (booking.isError)
    return (
      <Alert color="red" variant="light" title="Booking not found">
        <Button component={Link} to="/bookings" size="xs" variant="light" mt="xs">
          Back to My bookings
        </Button>
      </Alert>
    );
  return (
    <Stack gap="lg">
      <BookingDetails
        booking={booking.data}
        actions={{
          error,
          cancel: (acceptedFee) => run(() => cancel.mutateAsync({ id, acceptedFee }), CANCELLED_TOAST),
          cancelPending: cancel.isPending,
          review: (v) => run(() => review.mutateAsync({ id, ...v }), REVIEWED_TOAST),
          reviewPending: review.isPending,
        }}
      />
      <BookingMessages id={id} />
    </Stack>
  );
}

/** `/bookings/{id}`: the detail view of one of My bookings (the same view as the manage page). */
export function MyBookingDetailPage({ id }: { id: number | undefined }) {
  const { user, isLoading, openAuthDialog } = useAuth();
  return (
    <Container size="md" py="lg">
      <Button component={Link} to="/bookings" variant="subtle" size="xs" mb="sm" px={0}>
        ← My bookings
      </Button>
      <Title order={1} fz={28} mb="lg">
        Your booking
      </Title>
      {isLoading && !user ? (
        <Skeleton h={360} radius="md" />
      ) : !user ? (
        <Stack align="center" py="xl" gap="sm" ta="center">
          <Text fw={600}>Sign in to see this booking</Text>
          <Button leftSection={<IconLogin size={16} aria-hidden />} onClick={() => openAuthDialog('login')}>
            Log in
          </Button>
        </Stack>
      ) : id === undefined ? (
        <Alert color="red" variant="light" title="Booking not found" />
      ) : (
        <Detail key={id} id={id} />
      )}
    </Container>
  );
}
