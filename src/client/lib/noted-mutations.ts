import { notifications } from '@mantine/notifications';
import { useQueryClient, type QueryFilters } from '@tanstack/react-query';
import { errorMessage } from './trpc.ts';

/**
 * The handlers a back-office list gives each of its writes: `handlers('Role updated')` shows that in
 * green and fetches the `stale` queries again; a refusal shows the server's message (else `failure`) in red.
 */
export function useNotedMutationHandlers(stale: readonly QueryFilters[], failure: string) {
  const queryClient = useQueryClient();
  return (success: string) => ({
    onSuccess: async () => {
      notifications.show({ message: success, color: 'green' });
      await Promise.all(stale.map((filters) => queryClient.invalidateQueries(filters)));
    },
    onError: (err: unknown) => {
      notifications.show({ title: 'Error', message: errorMessage(err, failure), color: 'red' });
    },
  });
}
