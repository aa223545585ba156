import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, trpc } from '../../lib/trpc.ts';

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
