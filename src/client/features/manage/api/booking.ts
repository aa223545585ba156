import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { TManagedBooking } from '#shared/schemas/manage.ts';
import { errorMessage, trpc } from '../../../lib/trpc.ts';

export const manageQuery = (token: string) => trpc.bookings.manage.queryOptions({ token });
export const myBookingDetailQuery = (id: number) => trpc.bookings.mineDetail.queryOptions({ id });

/*
 * The changes to a booking below answer the updated booking; `useBookingRefresh` puts it on screen and
 * refetches what derives from it.
 */
export const useManageCancel = () => useMutation(trpc.bookings.manageCancel.mutationOptions());
export const useManageReview = () => useMutation(trpc.bookings.manageReview.mutationOptions());
export const useManageClaim = () => useMutation(trpc.bookings.manageClaim.mutationOptions());
export const useCancelMine = () => useMutation(trpc.bookings.cancelMine.mutationOptions());
export const useReviewMine = () => useMutation(trpc.bookings.reviewMine.mutationOptions());

/** The booking's payments, always fetched again (a payment may have landed since). */
export const bookingPaymentsQuery = (token: string) =>
  trpc.payments.manage.queryOptions({ token }, { staleTime: 0 });
/** Paying starts Stripe Checkout and leaves the page: nothing cached changes. */
export const usePayBooking = () => useMutation(trpc.payments.pay.mutationOptions());

/**
 * The booking's conversation, by its link or by the account; a message sent refetches the thread on
 * screen (the others are always refetched when shown: stale at once).
 */
export const manageMessagesQuery = (token: string) =>
  trpc.messaging.manageMessages.queryOptions({ token }, { staleTime: 0 });
export const mineMessagesQuery = (id: number) =>
  trpc.messaging.mineMessages.queryOptions({ id }, { staleTime: 0 });
export function usePostManageMessage() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.messaging.managePost.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.messaging.manageMessages.pathFilter()),
    }),
  );
}
export function usePostMineMessage() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.messaging.minePost.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.messaging.mineMessages.pathFilter()),
    }),
  );
}

/** A change request and its answer; the home and its pricing bound the party, as on the booking card. */
export const myChangeRequestQuery = (token: string) => trpc.bookings.myChangeRequest.queryOptions({ token });
export const homeQuery = (id: number) => trpc.properties.byId.queryOptions({ id });
export const homePricingQuery = (id: number) => trpc.pricing.get.queryOptions({ id });
export function useRequestChange(token: string) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.bookings.requestChange.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.bookings.myChangeRequest.queryFilter({ token })),
    }),
  );
}

/**
 * After a change to a booking: the detail shows the server's answer, and everything derived from the
 * booking (its home's free dates, My bookings, the home's reviews and rating) is fetched again.
 */
export function useBookingRefresh(detailKey: QueryKey) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const run = async (
    action: () => Promise<TManagedBooking>,
    success: { title: string; message: string },
  ): Promise<void> => {
    setError(null);
    try {
      const updated = await action();
      queryClient.setQueryData(detailKey, updated);
      const id = updated.property.id;
      void queryClient.invalidateQueries({ queryKey: trpc.bookings.availability.queryKey({ id }) });
      void queryClient.invalidateQueries({ queryKey: trpc.bookings.mine.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.reviews.byProperty.queryKey({ id }) });
      void queryClient.invalidateQueries({ queryKey: trpc.properties.pathKey() });
      notifications.show({ ...success, color: 'green' });
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong. Please try again.'));
    }
  };
  return { error, run };
}

export const CANCELLED_TOAST = {
  title: 'Booking cancelled',
  message: 'Your booking is cancelled and the dates are released. We have e-mailed you a confirmation.',
};
export const REVIEWED_TOAST = { title: 'Thank you!', message: 'Your review is published.' };
export const CLAIMED_TOAST = {
  title: 'Added to My bookings',
  message: 'You will find this booking there from now on.',
};
