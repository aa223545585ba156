import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';

/* Loaded with the pay dialog, which the team page loads on demand. */

/** A housekeeper's pay rates. */
export const payRatesQuery = (id: number) => trpc.tasks.payRates.queryOptions({ id });

/** The toast, then the member's rates are fetched again, then the caller's `onDone` (closing the dialog). */
export function useSetPayRates(
  id: number,
  { onDone, onError }: { onDone: () => void; onError: (err: unknown) => void },
) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.tasks.setPayRates.mutationOptions({
      onSuccess: async () => {
        notifications.show({ message: 'The pay is saved', color: 'green' });
        await queryClient.invalidateQueries(trpc.tasks.payRates.queryFilter({ id }));
        onDone();
      },
      onError,
    }),
  );
}
