import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc.ts';

export const emailsQuery = (page: number, pageSize: number) =>
  trpc.admin.emails.queryOptions({ page, pageSize });

/** Retry of a failed email (POST /api/admin/emails/{id}/retry); the list shows it queued again. */
export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.admin.retryEmail.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.admin.emails.pathKey() }),
    }),
  );
}
