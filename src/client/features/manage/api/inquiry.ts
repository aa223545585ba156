import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc.ts';

/** A question before booking, followed through its private link; each message sent refetches it. */
export const inquiryMessagesQuery = (token: string) =>
  trpc.messaging.inquiryMessages.queryOptions({ token }, { staleTime: 0 });
export function usePostInquiryMessage() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.messaging.inquiryPost.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.messaging.inquiryMessages.pathFilter()),
    }),
  );
}
