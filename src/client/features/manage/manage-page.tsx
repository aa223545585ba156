import { Alert, Button, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../../lib/auth.tsx';
import { errorStatus } from '../../lib/trpc.ts';
import { BookingDetails } from './booking-details.tsx';
import { BookingMessages } from './booking-messages.tsx';
import { ChangeRequestCard } from './change-request-card.tsx';
import { PaymentsCard } from './payments-card.tsx';
import {
  CANCELLED_TOAST,
  CLAIMED_TOAST,
  REVIEWED_TOAST,
  useBookingRefresh,
  manageQuery,
  useManageCancel,
  useManageClaim,
  useManageReview,
} from './api/booking.ts';
import '../../styles/more-components.css';

/** `/manage/{token}`: a booking managed through the secret link in its e-mail (no account needed). */
export function ManageBookingPage({ token }: { token: string }) {
  const { isAuthenticated } = useAuth();
  const options = manageQuery(token);
  const booking = useQuery(options);
  const cancel = useManageCancel();
  const review = useManageReview();
  const claim = useManageClaim();
  const { error, run } = useBookingRefresh(options.queryKey);

  return (
    <Container size="md" py="lg">
      <Title order={1} fz={28} mb="lg">
        Manage your booking
      </Title>
      {booking.isPending ? (
        <Skeleton h={360} radius="md" />
      ) : booking.isError ? (
        <Alert color="red" variant="light" title="Booking not found" data-testid="manage-not-found">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {errorStatus(booking.error) === 404
                ? 'This link is not valid or has expired.'
                : 'The booking could not be loaded. Please try again.'}{' '}
              You can ask for a new link with your confirmation number and e-mail address.
            </Text>
            <Button component={Link} to="/find-booking" size="xs" variant="light">
              Find my booking
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="lg">
          <BookingDetails
            booking={booking.data}
            actions={{
              error,
              checkInToken: token,
              cancel: (acceptedFee) => run(() => cancel.mutateAsync({ token, acceptedFee }), CANCELLED_TOAST),
              cancelPending: cancel.isPending,
              review: (v) => run(() => review.mutateAsync({ token, ...v }), REVIEWED_TOAST),
              reviewPending: review.isPending,
              claim: isAuthenticated
                ? () => run(() => claim.mutateAsync({ token }), CLAIMED_TOAST)
                : undefined,
              claimPending: claim.isPending,
            }}
          />
          <PaymentsCard token={token} bookingStatus={booking.data.status} />
          <ChangeRequestCard token={token} booking={booking.data} />
          <BookingMessages token={token} />
        </Stack>
      )}
    </Container>
  );
}
