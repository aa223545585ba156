import { Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  canCancelUntil,
  formatDeadline,
  POLICY_LABEL,
  POLICY_SUMMARY,
} from '../../../shared/cancellation.ts';
import { formatIsoDate } from '../../../shared/dates.ts';
import type { TManagedBooking } from '../../../shared/schemas/manage.ts';
import { AnchorLink } from '../../components/anchor-link.tsx';

/** The home's policy, the free-cancellation deadline, and Cancel booking behind a confirm step. */
export function CancellationCard({
  booking,
  cancel,
  pending,
}: {
  booking: TManagedBooking;
  cancel: () => Promise<unknown>;
  pending: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const deadline = new Date(booking.cancellationDeadline);
  const freeCancellation = canCancelUntil(deadline, new Date());
  const active = booking.status !== 'cancelled';
  return (
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
              loading={pending}
              data-testid="confirm-cancel"
              onClick={() => void cancel().finally(() => setConfirming(false))}
            >
              Cancel booking
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
