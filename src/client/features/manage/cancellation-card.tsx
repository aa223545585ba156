import { Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDeadline, LATE_FEE_SUMMARY, POLICY_LABEL, POLICY_SUMMARY } from '#shared/cancellation.ts';
import { formatIsoDate } from '#shared/dates.ts';
import { toMinor } from '#shared/money.ts';
import { cancellationMoneySentence } from '#shared/payment-terms.ts';
import { formatMinor } from '#shared/payments.ts';
import type { TManagedBooking } from '#shared/schemas/manage.ts';
import { AnchorLink } from '../../components/anchor-link.tsx';
import { useCurrency } from '../../lib/currency.tsx';

/**
 * The home's policy, where this booking stands (free until a deadline in the home's local time, or for a
 * stated fee, or no longer online), and Cancel booking behind a confirm step that repeats the amount.
 * A completed stay has nothing left to cancel, so it shows none of this.
 */
export function CancellationCard({
  booking,
  cancel,
  pending,
}: {
  booking: TManagedBooking;
  cancel: (acceptedFee: number | undefined) => Promise<unknown>;
  pending: boolean;
}) {
  const { format } = useCurrency();
  const [confirming, setConfirming] = useState(false);
  if (booking.stayOver && booking.status !== 'cancelled') return null;
  // A declined request has nothing to cancel; its own notice says so (request-status.tsx).
  if (booking.status === 'declined') return null;
  const deadline = formatDeadline(new Date(booking.cancellationDeadline), booking.timeZone);
  const fee = booking.cancellationFee;
  const late = fee !== null && fee > 0;
  const lateTerms = late
    ? `The cancellation fee is now ${format(fee)} (${LATE_FEE_SUMMARY[booking.cancellationPolicy]}, with GST).`
    : '';
  const paidMoney = booking.cancelMoney;
  const minor = (n: number) => formatMinor(n, paidMoney?.currency);
  // What cancelling keeps and gives back of what was actually paid, and by which way (in minor units, as
  // the money facts count: the booking's fee is in currency units).
  const moneyTerms = paidMoney ? cancellationMoneySentence(paidMoney, toMinor(fee ?? 0), minor, false) : null;
  const kept = paidMoney?.kept ?? 0;

  let standing: string | null = null;
  if (booking.status === 'cancelled')
    standing =
      booking.cancellationFeeCharged !== null
        ? `You cancelled after the free-cancellation deadline: the cancellation cost ${format(booking.cancellationFeeCharged)}.`
        : null;
  else if (fee === 0) standing = `You can cancel free of charge until ${deadline} (the home's local time).`;
  else if (late) standing = `Free cancellation ended on ${deadline} (the home's local time). ${lateTerms}`;
  else
    standing =
      'Your stay has begun, so it can no longer be cancelled here. To ask about it, please use the contact form.';

  return (
    <Card withBorder radius="md">
      <Stack gap="xs">
        <Title order={3} fz="md">
          Cancellation policy: {POLICY_LABEL[booking.cancellationPolicy]}
        </Title>
        <Text size="sm">{POLICY_SUMMARY[booking.cancellationPolicy]}.</Text>
        {standing && (
          <Text size="sm" data-testid="cancellation-deadline">
            {standing}
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
        {booking.status !== 'cancelled' && !booking.canCancel && (
          <AnchorLink to="/contact" size="sm">
            Contact us
          </AnchorLink>
        )}
      </Stack>

      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Cancel this booking?" centered>
        <Stack gap="md">
          <Text size="sm">
            Your stay at {booking.property.title} from {formatIsoDate(booking.checkIn, true)} to{' '}
            {formatIsoDate(booking.checkOut, true)} will be cancelled and the dates released.
          </Text>
          <Text size="sm" fw={600} data-testid="cancel-terms">
            {late ? lateTerms : 'It is free of charge.'}
          </Text>
          {moneyTerms && (
            <Text size="sm" data-testid="cancel-money">
              {moneyTerms}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep booking
            </Button>
            <Button
              color="red"
              loading={pending}
              data-testid="confirm-cancel"
              onClick={() => void cancel(late ? fee : undefined).finally(() => setConfirming(false))}
            >
              {kept > 0 ? `Cancel booking (${minor(kept)} fee)` : 'Cancel booking'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
