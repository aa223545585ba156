import { Paper, Text } from '@mantine/core';
import type { TManagedBooking } from '#shared/schemas/manage.ts';
import { answerByLabel } from '#shared/stay-status.ts';

/** Where a request to book stands, for its guest (docs/booking-operations.md#booking-modes). */
export function RequestStatus({ booking }: { booking: TManagedBooking }) {
  if (booking.status === 'requested')
    return (
      <Paper withBorder p="md" radius="md" data-testid="request-status">
        <Text fw={700}>Request sent</Text>
        <Text size="sm">
          {booking.respondBy
            ? `You will have an answer by ${answerByLabel(booking.respondBy)}, by e-mail.`
            : 'You will have an answer soon, by e-mail.'}{' '}
          Your dates are held until then, and nothing is charged unless the request is accepted.
        </Text>
      </Paper>
    );
  if (booking.status === 'declined')
    return (
      <Paper withBorder p="md" radius="md" data-testid="request-status">
        <Text fw={700}>Request declined</Text>
        <Text size="sm">This request was declined. Nothing was charged, and the dates are free again.</Text>
      </Paper>
    );
  return null;
}
