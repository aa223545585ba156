import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, trpc } from '../../lib/trpc.ts';

export const listingsQueryOptions = () => trpc.properties.list.queryOptions();
export const archivedListingsQueryOptions = () =>
  trpc.properties.archived.queryOptions(undefined, { staleTime: 0 });
export const deleteImpactQueryOptions = (id: number) =>
  trpc.properties.deleteImpact.queryOptions({ id }, { staleTime: 0 });

/** After a home is deleted, archived or restored: every property list and the admin views are stale. */
function useRefreshProperties() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.properties.pathFilter()),
      queryClient.invalidateQueries(trpc.admin.pathFilter()),
    ]);
}

export function useDeleteProperty() {
  const refresh = useRefreshProperties();
  return useMutation(trpc.properties.delete.mutationOptions({ onSuccess: () => refresh() }));
}

export function useRestoreProperty() {
  const refresh = useRefreshProperties();
  return useMutation(
    trpc.properties.restore.mutationOptions({
      onSuccess: async (p) => {
        notifications.show({
          title: 'Property restored',
          message: `${p.title} is back in your listings.`,
          color: 'green',
        });
        await refresh();
      },
      onError: (err) =>
        notifications.show({
          title: 'Error',
          message: errorMessage(err, 'Failed to restore property'),
          color: 'red',
        }),
    }),
  );
}
