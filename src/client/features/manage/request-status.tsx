import { Alert, Text } from '@mantine/core';
import type { TManagedBooking } from '../../../shared/schemas/manage.ts';
import { answerByLabel } from '../../../shared/stay-status.ts';

/** Where a request to book stands, for its guest (docs/booking-operations.md#booking-modes). */
export function RequestStatus({ booking }: { booking: TManagedBooking }) {
  if (booking.status === 'requested')
    return (
      <Alert variant="light" color="orange" title="Request sent" data-testid="request-status">
        <Text size="sm">
          {booking.respondBy
            ? `You will have an answer by ${answerByLabel(booking.respondBy)}, by e-mail.`
            : 'You will have an answer soon, by e-mail.'}{' '}
          Your dates are held until then, and nothing is charged unless the request is accepted.
        </Text>
      </Alert>
    );
  if (booking.status === 'declined')
    return (
      <Alert variant="light" color="gray" title="Request declined" data-testid="request-status">
        <Text size="sm">This request was declined. Nothing was charged, and the dates are free again.</Text>
      </Alert>
    );
  return null;
}
