import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { MESSAGE_MAX } from '#shared/schemas/message-limits.ts';
import type { TMessage } from '#shared/schemas/messaging.ts';
// Card, Textarea and Alert are not on the first screen: their styles come with the pages that use them.
import '../styles/more-components.css';
import { GrowingTextarea } from './growing-textarea.tsx';

const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export interface TMessageThreadProps {
  title: string;
  /** Whose page this is: their own messages are 'You'. */
  viewer: 'guest' | 'operator';
  messages: TMessage[];
  /** Sends one message; rejects with a readable error. */
  send: (body: string) => Promise<unknown>;
  sending: boolean;
  /** Text to put in the box (a saved reply), with a key that changes each time it is picked. */
  draft?: { key: number; text: string } | undefined;
  /** Shown above the box, e.g. that the other side is e-mailed. */
  hint?: string;
  emptyText?: string;
}

function senderLabel(m: TMessage, viewer: 'guest' | 'operator'): string {
  if (m.sender === viewer) return 'You';
  if (m.sender === 'automated') return `${m.authorName} (automated)`;
  return m.authorName;
}

/**
 * A conversation and its reply box (docs/messaging.md), for the guest's pages and the operator's inbox.
 * Message text is rendered as text (React escapes it) with its line breaks kept, never as HTML.
 */
export function MessageThread({
  title,
  viewer,
  messages,
  send,
  sending,
  draft,
  hint,
  emptyText,
}: TMessageThreadProps) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [draftKey, setDraftKey] = useState<number | undefined>(undefined);
  if (draft && draft.key !== draftKey) {
    setDraftKey(draft.key);
    setBody(draft.text);
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await send(body);
      setBody('');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The message could not be sent. Please try again.');
    }
  };
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-label={title}
      data-testid="message-thread"
    >
      <Title order={2} fz={20} mb="sm">
        {title}
      </Title>
      <Stack gap="sm" role="log" aria-label="Messages" aria-live="polite" mb="md">
        {messages.length === 0 && (
          <Text c="dimmed" size="sm">
            {emptyText ?? 'No messages yet.'}
          </Text>
        )}
        {messages.map((m) => (
          <Card
            key={m.id}
            withBorder
            radius="sm"
            padding="sm"
            bg={m.sender === viewer ? 'var(--mantine-color-default-hover)' : undefined}
            data-testid="message"
          >
            <Group justify="space-between" gap="xs" wrap="wrap" mb={4}>
              <Text fw={600} size="sm">
                {senderLabel(m, viewer)}
              </Text>
              <Group gap={6}>
                {m.sender !== viewer && m.readAt === null && viewer === 'operator' && (
                  <Badge size="xs" variant="light">
                    New
                  </Badge>
                )}
                <Text size="xs" c="dimmed">
                  <time dateTime={m.createdAt}>{time.format(new Date(m.createdAt))}</time>
                </Text>
              </Group>
            </Group>
            <Text
              size="sm"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              data-testid="message-body"
            >
              {m.body}
            </Text>
          </Card>
        ))}
      </Stack>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="xs">
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <GrowingTextarea
            label="Your message"
            description={hint}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            minRows={3}
            maxRows={10}
            maxLength={MESSAGE_MAX}
            required
          />
          <Group justify="flex-end">
            <Button type="submit" loading={sending} disabled={body.trim() === ''}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
