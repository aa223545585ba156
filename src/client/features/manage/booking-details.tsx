import { Alert, Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { FALLBACK_IMAGE, imageSrcSet } from '#shared/media.ts';
import type { TManagedBooking } from '#shared/schemas/manage.ts';
import { STAY_COLOR, tripLabel } from '#shared/stay-status.ts';
import { RequestStatus } from './request-status.tsx';
import { AnchorLink } from '../../components/anchor-link.tsx';
import { CancellationCard } from './cancellation-card.tsx';
import { StayFacts } from './stay-facts.tsx';
import { StayReview } from './stay-review.tsx';
import { TripArrival } from './trip-arrival.tsx';
import { TripCheckIn } from './trip-check-in.tsx';
import { TripLocation } from './trip-location.tsx';
import { TripSummary } from './trip-summary.tsx';
import '../../styles/more-components.css';

export interface TBookingActions {
  /** `acceptedFee`: the late fee the guest was shown and accepts (none while cancelling is free). */
  cancel: (acceptedFee: number | undefined) => Promise<unknown>;
  cancelPending: boolean;
  review: (values: { rating: number; comment: string }) => Promise<unknown>;
  reviewPending: boolean;
  claim?: (() => Promise<unknown>) | undefined;
  claimPending?: boolean;
  /** The server's message when the last action failed. */
  error: string | null;
  /** The manage link's token: online check-in is done through it (docs/check-in.md). */
  checkInToken?: string | undefined;
}

/** One booking as its guest sees it: the manage page and My bookings' detail view. */
export function BookingDetails({ booking, actions }: { booking: TManagedBooking; actions: TBookingActions }) {
  const label = tripLabel(booking);
  const takesPlace = booking.status !== 'cancelled' && booking.status !== 'declined';

  return (
    <Stack gap="lg" data-testid="managed-booking">
      <Card withBorder radius="md" padding={0}>
        <Image
          src={booking.property.cover ?? FALLBACK_IMAGE}
          srcSet={booking.property.cover ? imageSrcSet(booking.property.cover) : undefined}
          sizes="(max-width: 48em) 100vw, 720px"
          h={240}
          alt={booking.property.title}
          fallbackSrc={FALLBACK_IMAGE}
        />
        <Stack gap={4} p="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={2} fz={22}>
              <AnchorLink to="/property/$id" params={{ id: String(booking.property.id) }} inherit c="inherit">
                {booking.property.title}
              </AnchorLink>
            </Title>
            <Badge
              color={STAY_COLOR[label]}
              variant="light"
              size="lg"
              className="stay-badge"
              data-testid="booking-status"
            >
              {label}
            </Badge>
          </Group>
          <Text c="dimmed" size="sm">
            {booking.property.location}
          </Text>
        </Stack>
      </Card>

      <RequestStatus booking={booking} />
      {actions.error && (
        <Alert color="red" variant="light" title="That did not work" role="alert" data-testid="action-error">
          {actions.error}{' '}
          {actions.error.includes('contact form') && (
            <AnchorLink to="/contact">Open the contact form</AnchorLink>
          )}
        </Alert>
      )}

      <TripSummary booking={booking} />
      {takesPlace && !booking.stayOver && (
        <>
          <TripCheckIn booking={booking} token={actions.checkInToken} />
          <TripArrival booking={booking} />
          <TripLocation booking={booking} />
        </>
      )}
      <StayFacts booking={booking} />
      <CancellationCard booking={booking} cancel={actions.cancel} pending={actions.cancelPending} />

      {booking.claimable && actions.claim && (
        <Alert variant="light" title="Booked while signed out?">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              This booking uses your account&apos;s e-mail. Add it to My bookings to find it there.
            </Text>
            <Button size="xs" onClick={() => void actions.claim?.()} loading={actions.claimPending}>
              Add to my bookings
            </Button>
          </Stack>
        </Alert>
      )}

      <StayReview booking={booking} review={actions.review} pending={actions.reviewPending} />
    </Stack>
  );
}
