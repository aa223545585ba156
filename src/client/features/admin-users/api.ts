import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_USERS_PAGE_SIZE } from '#shared/schemas/admin-users.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import type { TAdminUserRole } from '#shared/url-search.ts';

export interface TUsersSearch {
  page?: number;
  q?: string;
  role?: TAdminUserRole;
}

/** One server page of accounts; the previous page stays on screen while the next loads. */
export function usersPageQuery(search: TUsersSearch) {
  return {
    ...trpc.admin.users.queryOptions({
      page: search.page ?? 1,
      pageSize: ADMIN_USERS_PAGE_SIZE,
      q: search.q,
      role: search.role,
    }),
    placeholderData: keepPreviousData,
  };
}

/** Role and disable changes: the list and the activity trail are stale after each. */
export function useUserMutations() {
  const queryClient = useQueryClient();
  const handlers = (success: string) => ({
    onSuccess: async () => {
      notifications.show({ message: success, color: 'green' });
      await Promise.all([
        queryClient.invalidateQueries(trpc.admin.users.pathFilter()),
        queryClient.invalidateQueries(trpc.admin.activity.pathFilter()),
      ]);
    },
    onError: (err: unknown) => {
      notifications.show({
        title: 'Error',
        message: errorMessage(err, 'Failed to update the account'),
        color: 'red',
      });
    },
  });
  return {
    setAdmin: useMutation(trpc.admin.setAdmin.mutationOptions(handlers('Role updated'))),
    setDisabled: useMutation(trpc.admin.setDisabled.mutationOptions(handlers('Account updated'))),
  };
}
