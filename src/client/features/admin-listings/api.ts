import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminListingListInput } from '../../../shared/schemas/admin-tables.ts';
import type { TProperty } from '../../../shared/schemas/property.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';

export const listingsPageQueryOptions = (input: TAdminListingListInput) =>
  trpc.properties.adminPage.queryOptions(input, { staleTime: 0 });
/** The category choices of the filter (the category list, as the property form reads it). */
export const categoryChoicesQueryOptions = () => trpc.categories.list.queryOptions();
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

/** Duplicate a listing: the copy opens in the edit dialog (`onCopied`), and a toast names it. */
export function useDuplicateProperty(onCopied: (copy: TProperty) => void) {
  const refresh = useRefreshProperties();
  return useMutation(
    trpc.properties.duplicate.mutationOptions({
      onSuccess: async (copy) => {
        notifications.show({
          title: 'Property duplicated',
          message: `${copy.title} has been added to your listings.`,
          color: 'green',
        });
        onCopied(copy);
        await refresh();
      },
      onError: (err) =>
        notifications.show({
          title: 'Error',
          message: errorMessage(err, 'Failed to duplicate property'),
          color: 'red',
        }),
    }),
  );
}
