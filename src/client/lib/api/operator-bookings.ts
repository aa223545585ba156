import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TQuoteInput } from '#shared/schemas/booking.ts';
import { errorMessage, trpc } from '../trpc.ts';

/**
 * Bookings the operator enters and changes (docs/booking-operations.md#operator-bookings), shared by the
 * bookings page and the home calendar: after each one, the tables, the drawer and the calendars are stale.
 */
export function useOperatorBookingInvalidation() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.bookings.page.pathFilter()),
      queryClient.invalidateQueries(trpc.bookings.detail.pathFilter()),
      queryClient.invalidateQueries(trpc.bookings.changeRequests.pathFilter()),
      queryClient.invalidateQueries({ queryKey: trpc.calendar.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.payments.pathKey() }),
      queryClient.invalidateQueries(trpc.admin.dashboard.pathFilter()),
    ]);
}

export function notifyRefused(err: unknown): void {
  notifications.show({
    title: 'Not saved',
    message: errorMessage(err, 'Something went wrong'),
    color: 'red',
  });
}

/** The chosen home and its pricing bound the party (capacity, pets), as on the guest's booking card. */
export const homeQuery = (id: number) => trpc.properties.byId.queryOptions({ id });
export const homePricingQuery = (id: number) => trpc.pricing.get.queryOptions({ id });
export const quoteQuery = (input: TQuoteInput) => trpc.bookings.quote.queryOptions(input);

/** A few homes matching what the operator typed, for the home pickers. */
export const homeChoicesQuery = (q: string) =>
  trpc.properties.adminPage.queryOptions({ ...(q ? { q } : {}), pageSize: 20 }, { staleTime: 30_000 });

export function useCreateOperatorBooking(onDone: (id: number) => void) {
  const invalidate = useOperatorBookingInvalidation();
  return useMutation(
    trpc.bookings.createByOperator.mutationOptions({
      onSuccess: async (b) => {
        notifications.show({ message: `Booking ${b.confirmationNumber} entered`, color: 'green' });
        onDone(b.id);
        await invalidate();
      },
    }),
  );
}

export function useChangeBooking(onDone: () => void) {
  const invalidate = useOperatorBookingInvalidation();
  return useMutation(
    trpc.bookings.change.mutationOptions({
      onSuccess: async (r) => {
        if (!r.applied) return;
        notifications.show({ message: `Booking ${r.booking.confirmationNumber} changed`, color: 'green' });
        onDone();
        await invalidate();
      },
    }),
  );
}
