import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { shiftMonth } from './months.ts';

/** After any calendar change: the home's views, the timeline and the guest-side availability are stale. */
export function useCalendarInvalidation() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.calendar.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.bookings.availability.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.bookings.quote.pathKey() }),
    ]);
}

/** A calendar change the server refused: its readable message, in red. */
export function notifyFailure(err: unknown): void {
  notifications.show({
    title: 'Not saved',
    message: errorMessage(err, 'Something went wrong'),
    color: 'red',
  });
}

/** The calendar's mutations, each refreshing what it changes and telling the operator how it went. */
export function useCalendarMutations() {
  const invalidate = useCalendarInvalidation();
  const handlers = (success: string) => ({
    onSuccess: async () => {
      await invalidate();
      notifications.show({ message: success, color: 'green' });
    },
    onError: notifyFailure,
  });
  return {
    block: useMutation(trpc.calendar.block.mutationOptions(handlers('Dates blocked'))),
    reopen: useMutation(trpc.calendar.reopen.mutationOptions(handlers('Dates reopened'))),
    unblock: useMutation(trpc.calendar.unblock.mutationOptions(handlers('Block removed'))),
    setRate: useMutation(trpc.calendar.setRate.mutationOptions(handlers('Price saved'))),
    deleteRate: useMutation(trpc.calendar.deleteRate.mutationOptions(handlers('Rate removed'))),
  };
}

export const icalQuery = (propertyId: number) => trpc.calendar.ical.queryOptions({ id: propertyId });
/** Imported events overlapping our bookings: one home's, or every home's without an id. */
export const conflictsQuery = (propertyId?: number) =>
  trpc.calendar.conflicts.queryOptions(propertyId === undefined ? undefined : { propertyId });

/** A new secret export URL: the answer replaces the cached one, since the old URL no longer works. */
export function useRegenerateIcal(propertyId: number) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.calendar.regenerateIcal.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(icalQuery(propertyId).queryKey, data);
        notifications.show({
          message: 'A new feed URL was made; the old one no longer works.',
          color: 'green',
        });
      },
      onError: (err) =>
        notifications.show({ message: errorMessage(err, 'Could not regenerate'), color: 'red' }),
    }),
  );
}

/** Imported channel calendars: add, sync now and remove, each refreshing the calendar views. */
export function useAddFeed(onAdded: () => void) {
  const invalidate = useCalendarInvalidation();
  return useMutation(
    trpc.calendar.addFeed.mutationOptions({
      onSuccess: async () => {
        onAdded();
        await invalidate();
        notifications.show({ message: 'Feed added; its first sync starts now', color: 'green' });
      },
      onError: notifyFailure,
    }),
  );
}

/** A channel that only reads our calendar: it gets its own export URL, and nothing is imported. */
export function useAddExportChannel(onAdded: () => void) {
  const invalidate = useCalendarInvalidation();
  return useMutation(
    trpc.calendar.addExportChannel.mutationOptions({
      onSuccess: async () => {
        onAdded();
        await invalidate();
        notifications.show({ message: 'Channel added; give it the export URL below', color: 'green' });
      },
      onError: notifyFailure,
    }),
  );
}

export function useSyncFeed() {
  const invalidate = useCalendarInvalidation();
  return useMutation(
    trpc.calendar.syncFeed.mutationOptions({
      onSuccess: async (r) => {
        await invalidate();
        notifications.show(
          r.feed.lastError
            ? { title: `${r.feed.name} not synced`, message: r.feed.lastError, color: 'red' }
            : {
                message: `${r.feed.name} synced: ${r.added} added, ${r.updated} changed, ${r.removed} removed`,
                color: 'green',
              },
        );
      },
      onError: notifyFailure,
    }),
  );
}

/** The calendar hub's switch of one feed: its channel's export carries the other channels' stays. */
export function useFeedExport() {
  const invalidate = useCalendarInvalidation();
  return useMutation(
    trpc.calendar.setFeedExport.mutationOptions({ onSuccess: () => invalidate(), onError: notifyFailure }),
  );
}

export function useRemoveFeed() {
  const invalidate = useCalendarInvalidation();
  return useMutation(
    trpc.calendar.deleteFeed.mutationOptions({ onSuccess: () => invalidate(), onError: notifyFailure }),
  );
}

/** Every home's bars between two days, a page of homes at a time (the list scrolls for more). */
export const timelineQuery = (from: string, to: string, search: string) =>
  trpc.calendar.timeline.infiniteQueryOptions(
    { from, to, ...(search ? { search } : {}) },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );

export const ratesQuery = (propertyId: number) => trpc.calendar.rates.queryOptions({ id: propertyId });
/** One month of a home's nights: prices, stays, holds and blocks. */
export const monthQuery = (propertyId: number, monthStart: string) =>
  trpc.calendar.month.queryOptions({ id: propertyId, from: monthStart, to: shiftMonth(monthStart, 1) });

/** A home's fees, discounts, tourist tax and check-in rules. */
export const pricingQuery = (id: number) => trpc.pricing.get.queryOptions({ id });

/** Saved pricing goes on screen as answered; every cached quote is stale. */
export function useSavePricing(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.pricing.update.mutationOptions({
      onSuccess: async (saved) => {
        queryClient.setQueryData(pricingQuery(saved.propertyId).queryKey, saved);
        await queryClient.invalidateQueries({ queryKey: trpc.bookings.quote.pathKey() });
        onDone();
      },
      onError: notifyFailure,
    }),
  );
}
