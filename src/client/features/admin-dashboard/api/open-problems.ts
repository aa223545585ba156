import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';

/* Loaded with the open problems' card, which the dashboard loads on its own. */

/** The problems housekeepers reported and nobody resolved yet. */
export const openProblemsQuery = () => trpc.tasks.problems.queryOptions({ pageSize: 20 });

/** After the caller's `onDone`, the problem lists are fetched again. */
export function useResolveProblem({
  onDone,
  onError,
}: {
  onDone: () => void;
  onError: (err: unknown) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.tasks.resolveProblem.mutationOptions({
      onSuccess: async () => {
        onDone();
        await queryClient.invalidateQueries(trpc.tasks.problems.pathFilter());
      },
      onError,
    }),
  );
}
