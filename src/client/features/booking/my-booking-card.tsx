import { Badge, Button, Card, Group, Image, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatIsoDate } from '#shared/dates.ts';
import { nightsLabel, partyLabel } from '#shared/labels.ts';
import { FALLBACK_IMAGE, imageSrcSet } from '#shared/media.ts';
import type { TMyBooking } from '#shared/schemas/booking.ts';
import { answerByLabel, STAY_COLOR, stayGroup, tripLabel } from '#shared/stay-status.ts';
import { useCurrency } from '../../lib/currency.tsx';

/**
 * One of My bookings: the home, dates, party, total and payment status, with Details and (while upcoming)
 * Cancel. A stay under way reads 'Current stay' and has no Cancel: the server refuses it once begun.
 */
export function MyBookingCard({
  booking: b,
  onCancel,
}: {
  booking: TMyBooking;
  onCancel: (b: TMyBooking) => void;
}) {
  const { show, stay } = useCurrency();
  const label = tripLabel(b);
  const group = stayGroup(b.status, b.checkOut);
  const cancellable = group === 'upcoming' && label !== 'Current stay';
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
        {/* The badge keeps its whole word; the title wraps instead. */}
        <Badge
          color={STAY_COLOR[label]}
          className="stay-badge"
          variant="light"
          data-testid="booking-status"
          style={{ flexShrink: 0 }}
        >
          {label}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {formatIsoDate(b.checkIn, true)} – {formatIsoDate(b.checkOut, true)} · {nightsLabel(b.nights)}
      </Text>
      <Text size="sm" c="dimmed" data-testid="my-booking-party">
        {b.status === 'requested' && b.respondBy
          ? `${partyLabel(b)} · Answer by ${answerByLabel(b.respondBy)}`
          : partyLabel(b)}
      </Text>
      {b.payment && (
        <Text size="sm" mt={4} data-testid="my-booking-payment">
          <Text span c="dimmed" inherit>
            Payment:{' '}
          </Text>
          {b.payment.label}
        </Text>
      )}
      <Group justify="space-between" mt="sm">
        <Text size="sm" fw={700}>
          {show(
            stay(
              b.nightPrices,
              b.taxAmount,
              b.lines.map((l) => l.amount),
            ).total,
          )}
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
        {cancellable && (
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
