import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatMoney } from '#shared/money.ts';
import { trpc } from '../../lib/trpc.ts';

export const dashboardQuery = () => trpc.admin.dashboard.queryOptions();

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

/** The dashboard's figures are in the site's own currency, whole dollars, whatever the visitor picked. */
export const usd = { format: (n: number) => formatMoney(n, 'USD', { whole: true }) };
