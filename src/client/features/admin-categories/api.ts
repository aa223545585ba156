import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCategory } from '#shared/schemas/category.ts';
import { errorCode, errorMessage, errorStatus, trpc } from '../../lib/trpc.ts';

/** The page reloads this long after a delete (docs/product.md#categories). */
export const CATEGORY_DELETE_RELOAD_MS = 500;

/** Always fresh in Settings: refetched on mount and on focus (docs/product.md#categories). */
export const categoryListOptions = () =>
  trpc.categories.list.queryOptions(undefined, {
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
  });

/** A failure that means "already gone" (docs/product.md#categories): read from the error's code and status, not its words. */
export function isNotFound(err: unknown): boolean {
  return errorStatus(err) === 404 || errorCode(err) === 'NOT_FOUND';
}

const notifySaveFailure = (err: unknown) =>
  notifications.show({ title: 'Error', message: errorMessage(err, 'Failed to save category'), color: 'red' });

/** Create and update, each refreshing the list (a rename also renamed the category on its homes). */
export function useSaveCategory(onSaved: () => void) {
  const queryClient = useQueryClient();
  const refetchList = () => queryClient.invalidateQueries(trpc.categories.list.queryFilter());
  const create = useMutation(
    trpc.categories.create.mutationOptions({
      onError: notifySaveFailure,
      onSuccess: async (c) => {
        notifications.show({
          title: 'Category created',
          message: `${c.name} has been added successfully.`,
          color: 'green',
        });
        onSaved();
        await refetchList();
      },
    }),
  );
  const update = useMutation(
    trpc.categories.update.mutationOptions({
      onError: notifySaveFailure,
      onSuccess: async (c) => {
        notifications.show({
          title: 'Category updated',
          message: `${c.name} has been updated successfully.`,
          color: 'green',
        });
        onSaved();
        await Promise.all([refetchList(), queryClient.invalidateQueries(trpc.properties.pathFilter())]);
      },
    }),
  );
  return { create, update, pending: create.isPending || update.isPending };
}

/**
 * Delete (docs/product.md#categories): on success the whole cache is cleared and the page reloads; a 404 takes the
 * category off the list locally and refetches it.
 */
export function useDeleteCategory(onSettled: () => void) {
  const queryClient = useQueryClient();
  const listKey = categoryListOptions().queryKey;
  return useMutation(
    trpc.categories.delete.mutationOptions({
      onSuccess: () => {
        onSettled();
        notifications.show({
          title: 'Category deleted',
          message: 'Category removed successfully. Refreshing...',
          color: 'green',
        });
        queryClient.clear();
        window.setTimeout(() => window.location.reload(), CATEGORY_DELETE_RELOAD_MS);
      },
      onError: (err, { id }) => {
        onSettled();
        if (isNotFound(err)) {
          queryClient.setQueryData(listKey, (old: TCategory[] | undefined) =>
            old?.filter((c) => c.id !== id),
          );
          void queryClient.invalidateQueries(trpc.categories.list.queryFilter());
          notifications.show({
            title: 'Category not found',
            message: 'This category was already deleted. Updated the list.',
            color: 'yellow',
          });
          return;
        }
        notifications.show({
          title: 'Error',
          message: errorMessage(err, 'Failed to delete category'),
          color: 'red',
        });
      },
    }),
  );
}
