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

/** An expense or a payout added or deleted: its toast when it has one, then the statements are stale. */
function useEntryChange(failure: string, done?: string) {
  const invalidate = useStatementInvalidation();
  return {
    onSuccess: async () => {
      if (done) notifications.show({ message: done, color: 'green' });
      await invalidate();
    },
    onError: failed(failure),
  };
}

export const useCreateExpense = () =>
  useMutation(
    trpc.owners.createExpense.mutationOptions(
      useEntryChange('The expense could not be added.', 'Expense added'),
    ),
  );
export const useDeleteExpense = () =>
  useMutation(trpc.owners.deleteExpense.mutationOptions(useEntryChange('The expense could not be deleted.')));
export const useCreatePayout = () =>
  useMutation(
    trpc.owners.createPayout.mutationOptions(
      useEntryChange('The payout could not be recorded.', 'Payout recorded'),
    ),
  );
export const useDeletePayout = () =>
  useMutation(trpc.owners.deletePayout.mutationOptions(useEntryChange('The payout could not be deleted.')));
