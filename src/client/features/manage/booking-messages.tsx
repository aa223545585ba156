import { Skeleton } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageThread } from '../../components/message-thread.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';

const HINT = 'We e-mail the host; their answer comes to your e-mail with a link back here.';

/** The booking's conversation on the manage page (by its link) and in My bookings (by the account). */
export function BookingMessages(props: { token: string } | { id: number }) {
  const queryClient = useQueryClient();
  const byToken = 'token' in props;
  const options = byToken
    ? trpc.messaging.manageMessages.queryOptions({ token: props.token })
    : trpc.messaging.mineMessages.queryOptions({ id: props.id });
  const thread = useQuery({ ...options, staleTime: 0 });
  const postByToken = useMutation(trpc.messaging.managePost.mutationOptions());
  const postMine = useMutation(trpc.messaging.minePost.mutationOptions());
  const send = async (body: string) => {
    try {
      if ('token' in props) await postByToken.mutateAsync({ token: props.token, body });
      else await postMine.mutateAsync({ id: props.id, body });
    } catch (err) {
      throw new Error(errorMessage(err, 'The message could not be sent. Please try again.'));
    }
    await queryClient.invalidateQueries({ queryKey: options.queryKey });
  };
  return (
    <div id="messages">
      {thread.isPending ? (
        <Skeleton h={160} radius="md" />
      ) : thread.isError ? null : (
        <MessageThread
          title="Messages with your host"
          viewer="guest"
          messages={thread.data.messages}
          send={send}
          sending={postByToken.isPending || postMine.isPending}
          hint={HINT}
          emptyText="Questions about your stay? Write to your host here."
        />
      )}
    </div>
  );
}
