import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBookingCreateInput, TQuoteInput } from '#shared/schemas/booking.ts';
import type { TPayInput } from '#shared/schemas/payments.ts';
import { errorStatus, trpc, trpcClient } from '../../lib/trpc.ts';

export const availabilityQuery = (propertyId: number) =>
  trpc.bookings.availability.queryOptions({ id: propertyId });
export const stayRulesQuery = (propertyId: number) =>
  trpc.bookings.stayRules.queryOptions({ id: propertyId });
export const myBookingsQuery = () => trpc.bookings.mine.queryOptions();
/** The home's price rules: the card offers pets only where they are allowed. */
export const homePricingQuery = (propertyId: number) => trpc.pricing.get.queryOptions({ id: propertyId });

/** The server's price for a stay, as the booking would be charged (docs/money.md). */
export const stayQuoteQuery = (input: TQuoteInput) => trpc.bookings.quote.queryOptions(input);

/** A booking's payments as its guest sees them, and paying by card from the confirmation. */
export const bookingPaymentsQuery = (token: string) => trpc.payments.manage.queryOptions({ token });
export const usePayBooking = () => useMutation(trpc.payments.pay.mutationOptions());

/** A home zone's clock for the deadline line, from the server (the page's first data carries it); kept a day. */
export const homeClockQuery = (zone: string) =>
  trpc.properties.zoneClock.queryOptions({ zone }, { staleTime: 86_400_000 });

/*
 * The hooks below refresh in the background (`void`): the caller's toast and dialog do not wait for the
 * refetches.
 */

/**
 * Reserving a home: the guest's list, date searches and this home's calendar change with it. Each call
 * carries the attempt's Idempotency-Key, so sending it again never books twice (docs/resilience.md#idempotency).
 */
export function useCreateBooking(propertyId: number) {
  const queryClient = useQueryClient();
  const refresh = (filter: Parameters<typeof queryClient.invalidateQueries>[0]) =>
    void queryClient.invalidateQueries(filter);
  return useMutation({
    mutationKey: trpc.bookings.create.mutationKey(),
    mutationFn: ({ input, idempotencyKey }: { input: TBookingCreateInput; idempotencyKey: string }) =>
      trpcClient.bookings.create.mutate(input, { context: { idempotencyKey } }),
    onSuccess: () => {
      refresh(trpc.bookings.mine.queryFilter());
      // Home searches with dates leave out properties booked on them (docs/decisions.md#availability).
      refresh(trpc.properties.search.pathFilter());
    },
    onError: (err) => {
      if (errorStatus(err) !== 409) return;
      // The dates were taken meanwhile or the price moved: show the guest the current calendar and price.
      refresh(trpc.config.get.queryFilter());
      refresh(trpc.properties.byId.queryFilter({ id: propertyId }));
      refresh(trpc.bookings.quote.pathFilter());
    },
    onSettled: () => refresh({ queryKey: availabilityQuery(propertyId).queryKey }),
  });
}

/**
 * Starting a card payment right after booking (docs/checkout.md): the answer is Stripe Checkout's URL. It
 * carries an Idempotency-Key, so a repeat opens no second session (docs/resilience.md#idempotency).
 */
export function useStartPayment() {
  return useMutation({
    mutationKey: trpc.payments.pay.mutationKey(),
    mutationFn: ({ input, idempotencyKey }: { input: TPayInput; idempotencyKey: string }) =>
      trpcClient.payments.pay.mutate(input, { context: { idempotencyKey } }),
  });
}

/** Cancelling from My bookings: the freed dates show on the home's calendar, and the list moves the stay. */
export function useCancelMyBooking() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.bookings.cancelMine.mutationOptions({
      onSuccess: (updated) =>
        void queryClient.invalidateQueries({ queryKey: availabilityQuery(updated.property.id).queryKey }),
      onSettled: () => void queryClient.invalidateQueries(trpc.bookings.mine.queryFilter()),
    }),
  );
}
