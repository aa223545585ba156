import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_BOOKINGS_PAGE_SIZE } from '#shared/schemas/admin.ts';
import type { TBookingPayments } from '#shared/schemas/payments.ts';
import { differenceText } from '../../components/operator-bookings/change-booking-dialog.tsx';
import { notifyRefused, useOperatorBookingInvalidation } from '../../lib/api/operator-bookings.ts';
import { errorMessage, errorStatus, trpc } from '../../lib/trpc.ts';
import { filterOf, type TBookingsSearch } from './search.ts';

/** One server page of the bookings table; the previous page stays on screen while the next loads. */
export function bookingsPageQuery(search: TBookingsSearch) {
  return {
    ...trpc.bookings.page.queryOptions(
      { ...filterOf(search), page: search.page ?? 1, pageSize: ADMIN_BOOKINGS_PAGE_SIZE },
      { staleTime: 0 },
    ),
    placeholderData: keepPreviousData,
  };
}

/** The drawer's booking; nothing is fetched while the drawer is closed. */
export function bookingDetailQuery(id: number | undefined) {
  return { ...trpc.bookings.detail.queryOptions({ id: id ?? 0 }), enabled: id !== undefined };
}

/** The status update failure texts (docs/product.md#admin-validation); a date clash says so (docs/decisions.md#no-double-bookings). */
export function statusUpdateError(err: unknown, directAdmin: boolean): string {
  const status = errorStatus(err);
  if (status === 401) return 'Authentication required';
  if (status === 409) return errorMessage(err, 'These dates are no longer available');
  return directAdmin
    ? `Failed to update booking: ${errorMessage(err, 'Unknown error')}`
    : 'Failed to update booking status';
}

/** Everything a status change makes stale: the table, the drawer, the dashboard and the activity list. */
function useBookingInvalidation() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.bookings.page.pathFilter()),
      queryClient.invalidateQueries(trpc.bookings.detail.pathFilter()),
      queryClient.invalidateQueries(trpc.admin.dashboard.pathFilter()),
      queryClient.invalidateQueries(trpc.admin.activity.pathFilter()),
    ]);
}

function notifyUpdated() {
  notifications.show({
    title: 'Booking updated',
    message: 'The booking status has been updated successfully.',
    color: 'green',
  });
}

export function useUpdateBookingStatus(directAdmin: boolean) {
  const invalidate = useBookingInvalidation();
  return useMutation(
    trpc.bookings.updateStatus.mutationOptions({
      onSuccess: async () => {
        notifyUpdated();
        await invalidate();
      },
      onError: (err) => {
        notifications.show({ title: 'Error', message: statusUpdateError(err, directAdmin), color: 'red' });
      },
    }),
  );
}

export function useBulkBookingStatus(directAdmin: boolean, onDone: () => void) {
  const invalidate = useBookingInvalidation();
  return useMutation(
    trpc.bookings.bulkStatus.mutationOptions({
      onSuccess: async () => {
        notifyUpdated();
        onDone();
        await invalidate();
      },
      onError: (err) => {
        notifications.show({ title: 'Error', message: statusUpdateError(err, directAdmin), color: 'red' });
      },
    }),
  );
}

/** Accept or decline a request to book (docs/booking-operations.md#booking-modes). */
export function useAnswerRequest() {
  const invalidate = useBookingInvalidation();
  const options = {
    onSuccess: async (_: unknown, __: unknown) => {
      notifyUpdated();
      await invalidate();
    },
    onError: (err: unknown) => {
      notifications.show({
        title: 'Error',
        message: errorMessage(err, 'Failed to answer the request'),
        color: 'red',
      });
    },
  };
  return {
    accept: useMutation(trpc.bookings.accept.mutationOptions(options)),
    decline: useMutation(trpc.bookings.decline.mutationOptions(options)),
  };
}

export function useAddBookingNote() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.bookings.addNote.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.bookings.detail.pathFilter()),
      onError: (err) => {
        notifications.show({
          title: 'Error',
          message: errorMessage(err, 'Failed to add the note'),
          color: 'red',
        });
      },
    }),
  );
}

/** The guest's change requests for the drawer, always fetched again. */
export const changeRequestsQuery = (id: number) =>
  trpc.bookings.changeRequests.queryOptions({ id }, { staleTime: 0 });

/** Accepting or declining a change request changes the booking: the operator's tables and calendars are stale. */
export function useAnswerChange() {
  const invalidate = useOperatorBookingInvalidation();
  const done = async (message: string) => {
    notifications.show({ message, color: 'green' });
    await invalidate();
  };
  return {
    accept: useMutation(
      trpc.bookings.acceptChange.mutationOptions({
        onSuccess: (r) => done(`Change accepted. ${differenceText(r)}`),
        onError: notifyRefused,
      }),
    ),
    decline: useMutation(
      trpc.bookings.declineChange.mutationOptions({
        onSuccess: () => done('Change request declined'),
        onError: notifyRefused,
      }),
    ),
  };
}

/** The booking's automated messages, always fetched again. */
export const scheduledMessagesQuery = (id: number) =>
  trpc.messaging.scheduled.queryOptions({ id }, { staleTime: 0 });
/** Opens (or finds) the booking's conversation; the caller goes to it. */
export const useOpenBookingThread = () => useMutation(trpc.messaging.bookingThread.mutationOptions());

/** A booking's payments ledger. */
export const ledgerQuery = (id: number) => trpc.payments.booking.queryOptions({ id });

/**
 * A change to a ledger answers the whole ledger: it goes on screen as it is, and the activity list is
 * stale. Then the caller's `onDone` (its toast, closing its dialog); `onError` shows the refusal.
 */
interface TLedgerCallbacks {
  onDone: (data: TBookingPayments) => void;
  onError: (err: unknown) => void;
}
function useLedgerChanged(onDone: TLedgerCallbacks['onDone']) {
  const queryClient = useQueryClient();
  return async (data: TBookingPayments) => {
    queryClient.setQueryData(ledgerQuery(data.bookingId).queryKey, data);
    await queryClient.invalidateQueries(trpc.admin.activity.pathFilter());
    onDone(data);
  };
}
export function useRecordPayment({ onDone, onError }: TLedgerCallbacks) {
  return useMutation(trpc.payments.record.mutationOptions({ onSuccess: useLedgerChanged(onDone), onError }));
}
export function useRefundPayment({ onDone, onError }: TLedgerCallbacks) {
  return useMutation(trpc.payments.refund.mutationOptions({ onSuccess: useLedgerChanged(onDone), onError }));
}
export function useAdjustBooking({ onDone, onError }: TLedgerCallbacks) {
  return useMutation(trpc.payments.adjust.mutationOptions({ onSuccess: useLedgerChanged(onDone), onError }));
}
export function useDepositReturned({ onDone, onError }: TLedgerCallbacks) {
  return useMutation(
    trpc.payments.depositReturned.mutationOptions({ onSuccess: useLedgerChanged(onDone), onError }),
  );
}
export function useDepositClaim({ onDone, onError }: TLedgerCallbacks) {
  return useMutation(
    trpc.payments.depositClaim.mutationOptions({ onSuccess: useLedgerChanged(onDone), onError }),
  );
}
export function useDepositReceived({ onDone, onError }: TLedgerCallbacks) {
  return useMutation(
    trpc.payments.depositReceived.mutationOptions({ onSuccess: useLedgerChanged(onDone), onError }),
  );
}

export const STATUS_VERB: Record<'confirmed' | 'cancelled', string> = {
  confirmed: 'Confirm',
  cancelled: 'Cancel',
};
