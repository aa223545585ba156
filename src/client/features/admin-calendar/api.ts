import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { errorMessage, trpc } from '../../lib/trpc.ts';

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
