import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, trpc } from '../../lib/trpc.ts';

/** One owner's month; the previous month stays on screen while the next loads. */
export function statementQuery(ownerId: number, month: string, enabled: boolean) {
  return {
    ...trpc.owners.statement.queryOptions({ id: ownerId, month }),
    enabled,
    placeholderData: keepPreviousData,
  };
}

/** A statement change makes the month, its neighbours (adjustments move), the year's list and the activity stale. */
function useStatementInvalidation() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.owners.statement.pathFilter()),
      queryClient.invalidateQueries(trpc.owners.statements.pathFilter()),
      queryClient.invalidateQueries(trpc.owners.expenses.pathFilter()),
      queryClient.invalidateQueries(trpc.owners.payouts.pathFilter()),
      queryClient.invalidateQueries(trpc.admin.activity.pathFilter()),
    ]);
}

function failed(fallback: string) {
  return (err: unknown) =>
    notifications.show({ title: 'Error', message: errorMessage(err, fallback), color: 'red' });
}

export function usePublishStatement() {
  const invalidate = useStatementInvalidation();
  return useMutation(
    trpc.owners.publish.mutationOptions({
      onSuccess: async (out) => {
        notifications.show({
          message: `Statement ${out.number} published and e-mailed to ${out.emailedTo}`,
          color: 'green',
        });
        await invalidate();
      },
      onError: failed('The statement could not be published.'),
    }),
  );
}

export function useCreateExpense() {
  const invalidate = useStatementInvalidation();
  return useMutation(
    trpc.owners.createExpense.mutationOptions({
      onSuccess: async () => {
        notifications.show({ message: 'Expense added', color: 'green' });
        await invalidate();
      },
      onError: failed('The expense could not be added.'),
    }),
  );
}

export function useDeleteExpense() {
  const invalidate = useStatementInvalidation();
  return useMutation(
    trpc.owners.deleteExpense.mutationOptions({
      onSuccess: invalidate,
      onError: failed('The expense could not be deleted.'),
    }),
  );
}

export function useCreatePayout() {
  const invalidate = useStatementInvalidation();
  return useMutation(
    trpc.owners.createPayout.mutationOptions({
      onSuccess: async () => {
        notifications.show({ message: 'Payout recorded', color: 'green' });
        await invalidate();
      },
      onError: failed('The payout could not be recorded.'),
    }),
  );
}

export function useDeletePayout() {
  const invalidate = useStatementInvalidation();
  return useMutation(
    trpc.owners.deletePayout.mutationOptions({
      onSuccess: invalidate,
      onError: failed('The payout could not be deleted.'),
    }),
  );
}
