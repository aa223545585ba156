import { Alert, Drawer, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNestedDialogOpen } from '../../lib/nested-dialogs.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { bookingDetailQuery } from './api.ts';
import { BookingChangesPanel } from './booking-changes.tsx';
import { BookingDetail } from './booking-detail.tsx';
import { BookingMessagesPanel } from './booking-messages.tsx';
import { BookingPayments } from './booking-payments.tsx';

/** The booking drawer (docs/features.md#admin-back-office): opened from a row click or the row's Details button. */
export function BookingDrawer({
  bookingId,
  onClose,
}: {
  bookingId: number | undefined;
  onClose: () => void;
}) {
  const detail = useQuery(bookingDetailQuery(bookingId));
  // Escape in a dialog opened from the drawer closes that dialog only (lib/nested-dialogs.ts).
  const nestedOpen = useNestedDialogOpen();
  return (
    <Drawer
      opened={bookingId !== undefined}
      onClose={onClose}
      closeOnEscape={!nestedOpen}
      position="right"
      size="md"
      title={bookingId !== undefined ? `Booking #${bookingId}` : ''}
      data-testid="booking-drawer"
    >
      {detail.isError ? (
        <Alert color="red" title="Failed to load the booking">
          {errorMessage(detail.error, 'Please try again later.')}
        </Alert>
      ) : !detail.data ? (
        <Loader size="sm" role="status" aria-label="Loading booking" />
      ) : (
        <>
          <BookingDetail d={detail.data} />
          <BookingChangesPanel d={detail.data} />
          <BookingMessagesPanel bookingId={detail.data.id} />
          <BookingPayments bookingId={detail.data.id} />
        </>
      )}
    </Drawer>
  );
}
