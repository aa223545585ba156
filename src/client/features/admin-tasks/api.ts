import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, trpc } from '../../lib/trpc.ts';

export function tasksQuery(mine: boolean) {
  return trpc.tasks.list.queryOptions({ mine: mine || undefined, pageSize: 100 });
}

/** A task's change: the list and the timeline (which shows each turnover's state) are stale after it. */
export function useTaskUpdate() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.tasks.update.mutationOptions({
      onSuccess: async () => {
        await Promise.all([
          queryClient.invalidateQueries(trpc.tasks.list.pathFilter()),
          queryClient.invalidateQueries(trpc.tasks.byId.pathFilter()),
          queryClient.invalidateQueries(trpc.calendar.timeline.pathFilter()),
        ]);
      },
      onError: (err: unknown) => {
        notifications.show({
          title: 'Error',
          message: errorMessage(err, 'Failed to update the task'),
          color: 'red',
        });
      },
    }),
  );
}

export const taskQuery = (id: number) => trpc.tasks.byId.queryOptions({ id });

/**
 * One tick, saved at once. The box shows the new state at once and the server's checklist replaces it;
 * a refused tick puts the old state back and says why.
 */
export function useTick(taskId: number) {
  const queryClient = useQueryClient();
  const key = trpc.tasks.byId.queryKey({ id: taskId });
  return useMutation(
    trpc.tasks.tick.mutationOptions({
      onMutate: async (vars) => {
        await queryClient.cancelQueries({ queryKey: key });
        const before = queryClient.getQueryData(key);
        if (before)
          queryClient.setQueryData(key, {
            ...before,
            checklist: {
              ...before.checklist,
              rooms: before.checklist.rooms.map((r) => ({
                ...r,
                items: r.items.map((i) => (i.key === vars.key ? { ...i, done: vars.done } : i)),
              })),
            },
          });
        return { before };
      },
      onSuccess: (checklist) => {
        const now = queryClient.getQueryData(key);
        if (now) queryClient.setQueryData(key, { ...now, checklist });
      },
      onError: (err, _vars, context) => {
        if (context?.before) queryClient.setQueryData(key, context.before);
        notifications.show({
          title: 'Error',
          message: errorMessage(err, 'The tick was not saved'),
          color: 'red',
        });
      },
      onSettled: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: key }),
          queryClient.invalidateQueries(trpc.tasks.list.pathFilter()),
        ]),
    }),
  );
}

/** A problem report: the task page and the dashboard's open problems show it. */
export function useReportProblem(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.tasks.reportProblem.mutationOptions({
      onSuccess: async () => {
        notifications.show({ message: 'The problem is reported', color: 'green' });
        await Promise.all([
          queryClient.invalidateQueries(trpc.tasks.byId.queryFilter({ id: taskId })),
          queryClient.invalidateQueries(trpc.tasks.problems.pathFilter()),
        ]);
      },
      onError: (err: unknown) =>
        notifications.show({
          title: 'Error',
          message: errorMessage(err, 'The problem could not be reported'),
          color: 'red',
        }),
    }),
  );
}
