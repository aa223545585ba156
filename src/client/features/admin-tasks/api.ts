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
