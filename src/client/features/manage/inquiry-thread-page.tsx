import { Alert, Button, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../components/anchor-link.tsx';
import { MessageThread } from '../../components/message-thread.tsx';
import { errorMessage, errorStatus } from '../../lib/trpc.ts';
import { inquiryMessagesQuery, usePostInquiryMessage } from './api/inquiry.ts';
import '../../styles/more-components.css';

/** `/messages/{token}`: a question before booking, followed through the private link in its e-mail. */
export function InquiryThreadPage({ token }: { token: string }) {
  const thread = useQuery(inquiryMessagesQuery(token));
  const post = usePostInquiryMessage();
  const send = async (body: string) => {
    try {
      await post.mutateAsync({ token, body });
    } catch (err) {
      throw new Error(errorMessage(err, 'The message could not be sent. Please try again.'));
    }
  };
  return (
    <Container size="md" py="lg">
      <Title order={1} fz={28} mb="lg">
        Your conversation
      </Title>
      {thread.isPending ? (
        <Skeleton h={260} radius="md" />
      ) : thread.isError ? (
        <Alert color="red" variant="light" title="Conversation not found" data-testid="thread-not-found">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {errorStatus(thread.error) === 404
                ? 'This link is not valid or has expired.'
                : 'The conversation could not be loaded. Please try again.'}
            </Text>
            <Button component="a" href="/" size="xs" variant="light">
              Find a place to stay
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="md">
          <Text>
            About{' '}
            <AnchorLink to="/property/$id" params={{ id: String(thread.data.home.id) }}>
              {thread.data.home.title}
            </AnchorLink>
          </Text>
          <MessageThread
            title="Messages with the host"
            viewer="guest"
            messages={thread.data.messages}
            send={send}
            sending={post.isPending}
            hint="The host is e-mailed; the answer comes to your e-mail with a link back here."
          />
        </Stack>
      )}
    </Container>
  );
}
