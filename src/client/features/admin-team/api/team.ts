import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, trpc, type TRouterOutputs } from '../../../lib/trpc.ts';

export function staffQuery() {
  return trpc.staff.list.queryOptions({ page: 1, pageSize: 100 });
}

/** Homes for the pickers, found by title or place as one types (the server pages them). */
export function useHomeOptions(q: string) {
  return useQuery({
    ...trpc.properties.adminPage.queryOptions({ q: q.trim() || undefined, pageSize: 50 }),
    placeholderData: keepPreviousData,
    select: (page) => page.items.map((p) => ({ value: String(p.id), label: p.title })),
  });
}

/** Invitations and role changes: the team and the activity trail are stale after each. */
export function useStaffMutations() {
  const queryClient = useQueryClient();
  const handlers = (success: string) => ({
    onSuccess: async () => {
      notifications.show({ message: success, color: 'green' });
      await Promise.all([
        queryClient.invalidateQueries(trpc.staff.list.pathFilter()),
        queryClient.invalidateQueries(trpc.admin.activity.pathFilter()),
      ]);
    },
    onError: (err: unknown) => {
      notifications.show({
        title: 'Error',
        message: errorMessage(err, 'Failed to update the team'),
        color: 'red',
      });
    },
  });
  return {
    invite: useMutation(trpc.staff.invite.mutationOptions(handlers('Invitation sent'))),
    update: useMutation(trpc.staff.update.mutationOptions(handlers('Access updated'))),
  };
}

/** Each home's default housekeeper (who gets its new turnover tasks). */
export const defaultHousekeepersQuery = () => trpc.tasks.housekeepers.queryOptions({ pageSize: 100 });

/** After the caller's `onDone`, the defaults and the activity list are fetched again. */
export function useSetDefaultHousekeeper({
  onDone,
  onError,
}: {
  onDone: (out: TRouterOutputs['tasks']['setHousekeeper']) => void;
  onError: (err: unknown) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.tasks.setHousekeeper.mutationOptions({
      onSuccess: async (out) => {
        onDone(out);
        await Promise.all([
          queryClient.invalidateQueries(trpc.tasks.housekeepers.pathFilter()),
          queryClient.invalidateQueries(trpc.admin.activity.pathFilter()),
        ]);
      },
      onError,
    }),
  );
}
