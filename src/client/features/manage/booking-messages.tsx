import { Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MessageThread } from '../../components/message-thread.tsx';
import { errorMessage } from '../../lib/trpc.ts';
import {
  manageMessagesQuery,
  mineMessagesQuery,
  usePostManageMessage,
  usePostMineMessage,
} from './api/booking.ts';

const HINT = 'We e-mail the host; their answer comes to your e-mail with a link back here.';

/** The booking's conversation on the manage page (by its link) and in My bookings (by the account). */
export function BookingMessages(props: { token: string } | { id: number }) {
  const thread = useQuery('token' in props ? manageMessagesQuery(props.token) : mineMessagesQuery(props.id));
  const postByToken = usePostManageMessage();
  const postMine = usePostMineMessage();
  const send = async (body: string) => {
    try {
      if ('token' in props) await postByToken.mutateAsync({ token: props.token, body });
      else await postMine.mutateAsync({ id: props.id, body });
    } catch (err) {
      throw new Error(errorMessage(err, 'The message could not be sent. Please try again.'));
    }
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
