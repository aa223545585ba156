import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInboxFilter } from '#shared/constants.ts';
import { trpc } from '../../lib/trpc.ts';

/** One page of conversations, newest message first. */
export const inboxQuery = (input: { filter: TInboxFilter; page: number; pageSize: number }) =>
  trpc.messaging.inbox.queryOptions(input);

/** The open conversation, always fetched again. */
export const threadQuery = (id: number) => trpc.messaging.thread.queryOptions({ id }, { staleTime: 0 });

/** The message templates; the `manual` ones are the saved replies. */
export const templatesQuery = () => trpc.messaging.templates.queryOptions();

/** A saved reply with its variables filled from this conversation by the server, fetched for one use. */
export function useFillSavedReply(id: number) {
  const queryClient = useQueryClient();
  return (templateId: number) =>
    queryClient.fetchQuery({
      ...trpc.messaging.savedReply.queryOptions({ id, templateId }),
      staleTime: 0,
      gcTime: 0,
    });
}

/** Reading or answering a thread marks it read: the list's and the sidebar's counts change. */
export function useRefreshInboxCounts() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: trpc.messaging.inbox.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.messaging.unread.queryKey() });
  };
}

/** A reply refetches the thread, then the counts. */
export function useReply(id: number) {
  const queryClient = useQueryClient();
  const refreshCounts = useRefreshInboxCounts();
  return useMutation(
    trpc.messaging.reply.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: threadQuery(id).queryKey });
        refreshCounts();
      },
    }),
  );
}
