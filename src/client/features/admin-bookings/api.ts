import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_BOOKINGS_PAGE_SIZE } from '#shared/schemas/admin.ts';
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

export const STATUS_VERB: Record<'confirmed' | 'cancelled', string> = {
  confirmed: 'Confirm',
  cancelled: 'Cancel',
};
