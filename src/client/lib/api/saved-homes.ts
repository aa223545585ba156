import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../trpc.ts';

/** A signed-in guest's saved homes (docs/decisions.md#saved-homes). */
export const savedHomesQuery = () => trpc.wishlist.list.queryOptions();

/** Saving or unsaving a home, failed or not, refetches the list: it then shows what the server holds. */
export function useSaveHomeMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: trpc.wishlist.list.queryKey() });
  return [
    useMutation(trpc.wishlist.save.mutationOptions({ onSettled })).mutateAsync,
    useMutation(trpc.wishlist.remove.mutationOptions({ onSettled })).mutateAsync,
  ] as const;
}

/** The hearts kept in this browser join the account; the answer is the account's whole list. */
export function useMergeSavedHomes() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.wishlist.merge.mutationOptions({
      onSuccess: (list) => queryClient.setQueryData(trpc.wishlist.list.queryKey(), list),
    }),
  );
}
