import {
  Alert,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Image,
  Modal,
  Rating,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import {
  canCancelUntil,
  formatDeadline,
  POLICY_LABEL,
  POLICY_SUMMARY,
} from '../../../shared/cancellation.ts';
import { formatIsoDate } from '../../../shared/dates.ts';
import { guestsLabel } from '../../../shared/labels.ts';
import { FALLBACK_IMAGE, imageSrcSet } from '../../../shared/media.ts';
import type { TManagedBooking } from '../../../shared/schemas/manage.ts';
import { AnchorLink } from '../../components/anchor-link.tsx';
import { useCurrency } from '../../lib/currency.tsx';
import { StayReviewForm } from './review-form.tsx';
import { STAY_COLOR, stayLabel } from '../../../shared/stay-status.ts';
import '../../styles/more-components.css';

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

export interface TBookingActions {
  cancel: () => Promise<unknown>;
  cancelPending: boolean;
  review: (values: { rating: number; comment: string }) => Promise<unknown>;
  reviewPending: boolean;
  claim?: (() => Promise<unknown>) | undefined;
  claimPending?: boolean;
  /** The server's message when the last action failed. */
  error: string | null;
}

/** One booking as its guest sees it: the manage page and My bookings' detail view. */
export function BookingDetails({ booking, actions }: { booking: TManagedBooking; actions: TBookingActions }) {
  const { format } = useCurrency();
  const [confirming, setConfirming] = useState(false);
  const label = stayLabel(booking.status, booking.checkOut);
  const deadline = new Date(booking.cancellationDeadline);
  const freeCancellation = canCancelUntil(deadline, new Date());
  const active = booking.status !== 'cancelled';

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
            <Badge color={STAY_COLOR[label]} variant="light" size="lg" data-testid="booking-status">
              {label}
            </Badge>
          </Group>
          <Text c="dimmed" size="sm">
            {booking.property.location}
          </Text>
        </Stack>
      </Card>

      {actions.error && (
        <Alert color="red" variant="light" title="That did not work" role="alert" data-testid="action-error">
          {actions.error}{' '}
          {actions.error.includes('contact form') && (
            <AnchorLink to="/contact">Open the contact form</AnchorLink>
          )}
        </Alert>
      )}

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

      <Card withBorder radius="md">
        <Stack gap="xs">
          <Title order={3} fz="md">
            Cancellation policy: {POLICY_LABEL[booking.cancellationPolicy]}
          </Title>
          <Text size="sm">{POLICY_SUMMARY[booking.cancellationPolicy]}.</Text>
          {active && (
            <Text size="sm" data-testid="cancellation-deadline">
              {freeCancellation
                ? `You can cancel free of charge until ${formatDeadline(deadline)}.`
                : `Free cancellation ended on ${formatDeadline(deadline)}. To ask about cancelling, please use the contact form.`}
            </Text>
          )}
          {booking.canCancel && (
            <Group>
              <Button
                color="red"
                variant="light"
                onClick={() => setConfirming(true)}
                data-testid="cancel-booking"
              >
                Cancel booking
              </Button>
            </Group>
          )}
          {active && !booking.canCancel && (
            <AnchorLink to="/contact" size="sm">
              Contact us
            </AnchorLink>
          )}
        </Stack>
      </Card>

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

      {booking.review && (
        <Card withBorder radius="md" data-testid="my-review">
          <Stack gap={6}>
            <Group gap="xs">
              <Title order={3} fz="md">
                Your review
              </Title>
              <Badge
                color="teal"
                variant="light"
                leftSection={<IconRosetteDiscountCheck size={14} aria-hidden />}
              >
                Verified stay
              </Badge>
            </Group>
            <Rating
              value={booking.review.rating}
              readOnly
              aria-label={`${booking.review.rating} out of 5 stars`}
            />
            <Text size="sm">{booking.review.comment}</Text>
          </Stack>
        </Card>
      )}
      {booking.canReview && (
        <Card withBorder radius="md" data-testid="review-stay">
          <Stack gap="sm">
            <Title order={3} fz="md">
              How was your stay?
            </Title>
            <StayReviewForm pending={actions.reviewPending} onSubmit={(v) => void actions.review(v)} />
          </Stack>
        </Card>
      )}

      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Cancel this booking?" centered>
        <Stack gap="md">
          <Text size="sm">
            Your stay at {booking.property.title} from {formatIsoDate(booking.checkIn, true)} to{' '}
            {formatIsoDate(booking.checkOut, true)} will be cancelled and the dates released.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep booking
            </Button>
            <Button
              color="red"
              loading={actions.cancelPending}
              data-testid="confirm-cancel"
              onClick={() => void actions.cancel().finally(() => setConfirming(false))}
            >
              Cancel booking
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
