import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TAdminListingListInput } from '#shared/schemas/admin-tables.ts';
import type { TProperty, TPropertyInputParsed } from '#shared/schemas/property.ts';
import {
  errorCode,
  errorMessage,
  errorStatus,
  trpc,
  trpcClient,
  type TRouterOutputs,
} from '../../lib/trpc.ts';
import { PropertySaveError, sendProperty, type TSendProgress } from './send-property.ts';

export const listingsPageQueryOptions = (input: TAdminListingListInput) =>
  trpc.properties.adminPage.queryOptions(input, { staleTime: 0 });
/** The category choices of the filter (the category list, as the property form reads it). */
export const categoryChoicesQueryOptions = () => trpc.categories.list.queryOptions();
export const deleteImpactQueryOptions = (id: number) =>
  trpc.properties.deleteImpact.queryOptions({ id }, { staleTime: 0 });

/**
 * After a home is saved, deleted, archived or restored: every property list and the admin views are
 * stale, and so is its pricing, whose pets setting is the listing's 'Pets allowed' amenity.
 */
function useRefreshProperties() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.properties.pathFilter()),
      queryClient.invalidateQueries(trpc.admin.pathFilter()),
      queryClient.invalidateQueries(trpc.pricing.get.pathFilter()),
    ]);
}

/** 'Authentication Required' when the failure is a 401 (docs/product.md#admin-validation). */
function isUnauthorized(err: unknown): boolean {
  return errorStatus(err) === 401 || errorCode(err) === 'UNAUTHORIZED';
}

/**
 * Delete a home, or archive it when it has bookings; the toast says which. In direct-admin mode a 401 is
 * retried once (docs/product.md#admin-validation).
 */
export function useDeleteProperty(directAdmin: boolean) {
  const refresh = useRefreshProperties();
  return useMutation({
    mutationFn: async (property: TProperty) => {
      const attempt = () => trpcClient.properties.delete.mutate({ id: property.id });
      try {
        return await attempt();
      } catch (err) {
        if (!(directAdmin && isUnauthorized(err))) throw err;
        return attempt();
      }
    },
    onSuccess: async (result, property) => {
      notifications.show(
        result.archived
          ? {
              title: 'Property archived',
              message: `${property.title} has been archived: its bookings are kept, and Archived can restore it.`,
              color: 'green',
            }
          : {
              title: 'Property deleted',
              message: 'The property has been successfully removed.',
              color: 'green',
            },
      );
      await refresh();
    },
    onError: (err) =>
      notifications.show(
        isUnauthorized(err)
          ? {
              title: 'Authentication Required',
              message: 'Please login as an admin to perform this action',
              color: 'red',
            }
          : { title: 'Error', message: errorMessage(err, 'Failed to delete property'), color: 'red' },
      ),
  });
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

/** Archive or restore the selected homes in one call: all of them change, or none. */
export function useBulkArchive(onDone: () => void) {
  const refresh = useRefreshProperties();
  return useMutation(
    trpc.properties.bulkArchive.mutationOptions({
      onSuccess: async ({ changed }, { action }) => {
        const n = changed.length;
        const homes = `${n} ${n === 1 ? 'listing' : 'listings'}`;
        notifications.show(
          action === 'archive'
            ? {
                title: 'Listings archived',
                message: `${homes} archived: their bookings are kept.`,
                color: 'green',
              }
            : { title: 'Listings restored', message: `${homes} back in your listings.`, color: 'green' },
        );
        onDone();
        await refresh();
      },
      onError: (err, { action }) =>
        notifications.show({
          title: 'Error',
          message: errorMessage(
            err,
            action === 'archive' ? 'Failed to archive listings' : 'Failed to restore listings',
          ),
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

/**
 * Create or update a property with upload progress (`onProgress`); the toast names it, and every
 * property list and admin view is fetched again before `onSaved` runs.
 */
export function useSaveProperty(
  id: number | undefined,
  onProgress: (progress: TSendProgress) => void,
  onSaved: (saved: TProperty) => void,
) {
  const refresh = useRefreshProperties();
  return useMutation({
    mutationFn: (body: TPropertyInputParsed) => sendProperty(body, { id, onProgress }),
    onSuccess: async (saved) => {
      notifications.show(
        id !== undefined
          ? {
              title: 'Property updated',
              message: `${saved.title} has been updated successfully.`,
              color: 'green',
            }
          : {
              title: 'Property created',
              message: `${saved.title} has been added to your listings.`,
              color: 'green',
            },
      );
      await refresh();
      onSaved(saved);
    },
    onError: (err) =>
      notifications.show({
        title: 'Error',
        message: err instanceof PropertySaveError ? err.message : 'Failed to save property',
        color: 'red',
      }),
  });
}

/*
 * A home's own sections, each saved apart from the listing: after the caller's `onDone` (its toast), what
 * the save changed is fetched again.
 */
interface TSaveCallbacks<T> {
  onDone: (saved: T) => void;
  onError: (err: unknown) => void;
}
function useSectionSave<T>(
  { onDone, onError }: TSaveCallbacks<T>,
  stale: (q: QueryClient) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return {
    onSuccess: async (saved: T) => {
      onDone(saved);
      await stale(queryClient);
    },
    onError,
  };
}

export const checkInSettingsQuery = (id: number) => trpc.checkIn.settings.queryOptions({ id });
export function useSaveCheckInSettings(
  id: number,
  callbacks: TSaveCallbacks<TRouterOutputs['checkIn']['updateSettings']>,
) {
  const saved = useSectionSave(callbacks, (q) =>
    q.invalidateQueries(trpc.checkIn.settings.queryFilter({ id })),
  );
  return useMutation(trpc.checkIn.updateSettings.mutationOptions(saved));
}

export const checklistQuery = (id: number) => trpc.tasks.checklist.queryOptions({ id });
export function useSaveChecklist(
  id: number,
  callbacks: TSaveCallbacks<TRouterOutputs['tasks']['setChecklist']>,
) {
  const saved = useSectionSave(callbacks, (q) =>
    q.invalidateQueries(trpc.tasks.checklist.queryFilter({ id })),
  );
  return useMutation(trpc.tasks.setChecklist.mutationOptions(saved));
}

/** A home's owner and commission; the owners' list counts their homes, so it is stale too. */
export const homeOwnerQuery = (id: number) => trpc.owners.homeOwner.queryOptions({ id });
export function useSaveHomeOwner(
  id: number,
  callbacks: TSaveCallbacks<TRouterOutputs['owners']['setHomeOwner']>,
) {
  const saved = useSectionSave(callbacks, (q) =>
    Promise.all([
      q.invalidateQueries(trpc.owners.homeOwner.queryFilter({ id })),
      q.invalidateQueries(trpc.owners.list.pathFilter()),
    ]),
  );
  return useMutation(trpc.owners.setHomeOwner.mutationOptions(saved));
}
