import type { TBookingStatus } from '#shared/constants.ts';
import { STATUS_WORD } from '#shared/stay-status.ts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Select,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatIsoDate } from '#shared/dates.ts';
import { formatMoney } from '#shared/money.ts';
import { INBOX_FILTERS, INBOX_PAGE_SIZE, type TInboxFilter } from '#shared/constants.ts';
import type { TAdminThread, TInboxThread } from '#shared/schemas/messaging.ts';
import { defined, readOneOf } from '#shared/url-search.ts';
import type { TInboxSearch } from './inbox-search.ts';
import { AdminPageHeader } from '../../components/admin-page-header.tsx';
import { MessageThread } from '../../components/message-thread.tsx';
import { TablePager } from '../../components/table-pager.tsx';
import { errorMessage } from '../../lib/trpc.ts';
import {
  inboxQuery,
  templatesQuery,
  threadQuery,
  useFillSavedReply,
  useRefreshInboxCounts,
  useReply,
} from './api.ts';

const FILTER_LABEL: Record<TInboxFilter, string> = {
  all: 'All',
  unread: 'Unread',
  arriving: 'Arriving in 7 days',
  staying: 'Staying now',
  inquiries: 'Inquiries',
};
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function ThreadItem({ t, active, open }: { t: TInboxThread; active: boolean; open: () => void }) {
  return (
    <UnstyledButton
      onClick={open}
      aria-current={active ? 'true' : undefined}
      data-testid="inbox-thread"
      p="sm"
      style={{
        display: 'block',
        width: '100%',
        borderRadius: 'var(--mantine-radius-md)',
        border: '1px solid var(--mantine-color-default-border)',
        background: active ? 'var(--mantine-color-default-hover)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={t.unread > 0 ? 700 : 500} size="sm" truncate>
          {t.guestName}
        </Text>
        {t.unread > 0 && (
          <Badge size="sm" circle aria-label={`${t.unread} unread`}>
            {t.unread}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {t.home} ·{' '}
        {t.booking ? `${formatIsoDate(t.booking.checkIn)} – ${formatIsoDate(t.booking.checkOut)}` : 'Inquiry'}
      </Text>
      <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {t.preview}
      </Text>
      <Text size="xs" c="dimmed">
        <time dateTime={t.lastMessageAt}>{when.format(new Date(t.lastMessageAt))}</time>
      </Text>
    </UnstyledButton>
  );
}

function Summary({ thread }: { thread: TAdminThread }) {
  const b = thread.booking;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="aside"
      aria-label="Booking summary"
      data-testid="thread-summary"
    >
      <Stack gap={4}>
        <Text fw={700}>{thread.guestName}</Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {thread.guestEmail}
        </Text>
        <Text size="sm">
          {thread.home.title} · {thread.home.location}
        </Text>
        {b ? (
          <>
            <Group gap="xs">
              <Text size="sm">Booking {b.confirmationNumber}</Text>
              <Badge size="sm" variant="light">
                {STATUS_WORD[b.status as TBookingStatus] ?? b.status}
              </Badge>
            </Group>
            <Text size="sm">
              {formatIsoDate(b.checkIn, true)} – {formatIsoDate(b.checkOut, true)} · {b.guests} guests ·{' '}
              {formatMoney(b.totalPrice, 'USD')}
            </Text>
          </>
        ) : (
          <Text size="sm">
            Question before booking
            {thread.inquiry?.checkIn && thread.inquiry.checkOut
              ? ` · ${formatIsoDate(thread.inquiry.checkIn, true)} – ${formatIsoDate(thread.inquiry.checkOut, true)}`
              : ''}
            {thread.inquiry?.guests ? ` · ${thread.inquiry.guests} guests` : ''}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function OpenThread({ id, onBack }: { id: number; onBack: () => void }) {
  const thread = useQuery(threadQuery(id));
  const replies = useQuery(templatesQuery());
  const reply = useReply(id);
  const fillSavedReply = useFillSavedReply(id);
  const refreshCounts = useRefreshInboxCounts();
  const [draft, setDraft] = useState<{ key: number; text: string } | undefined>(undefined);
  const saved = (replies.data?.items ?? []).filter((t) => t.trigger === 'manual');
  const [fillError, setFillError] = useState<string | null>(null);
  // The server fills the reply's variables from this conversation's booking or question.
  const insertSaved = async (templateId: number) => {
    setFillError(null);
    try {
      const { text } = await fillSavedReply(templateId);
      setDraft({ key: Date.now(), text });
    } catch (err) {
      setFillError(errorMessage(err, 'The saved reply could not be filled in. Please try again.'));
    }
  };

  // Reading the thread marked it read on the server.
  useEffect(() => {
    if (thread.dataUpdatedAt > 0) refreshCounts();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer, not per render
  }, [thread.dataUpdatedAt]);
  const send = async (body: string) => {
    try {
      await reply.mutateAsync({ id, body });
    } catch (err) {
      throw new Error(errorMessage(err, 'The reply could not be sent. Please try again.'));
    }
  };
  if (thread.isPending) return <Skeleton h={320} radius="md" />;
  if (thread.isError)
    return (
      <Alert color="red" variant="light" title="Conversation not found">
        {errorMessage(thread.error, 'Please try again.')}
      </Alert>
    );
  return (
    <Stack gap="md">
      <Button variant="subtle" size="xs" onClick={onBack} hiddenFrom="md" style={{ alignSelf: 'flex-start' }}>
        ← All conversations
      </Button>
      <Summary thread={thread.data} />
      {saved.length > 0 && (
        <Select
          label="Saved replies"
          placeholder="Insert a saved reply"
          data={saved.map((t) => ({ value: String(t.id), label: t.name }))}
          value={null}
          onChange={(v) => {
            const t = saved.find((s) => String(s.id) === v);
            if (t) void insertSaved(t.id);
          }}
          error={fillError}
          allowDeselect={false}
          data-testid="saved-replies"
        />
      )}
      <MessageThread
        title={`Conversation with ${thread.data.guestName}`}
        viewer="operator"
        messages={thread.data.messages}
        send={send}
        sending={reply.isPending}
        draft={draft}
        hint="The guest is e-mailed your reply with a link to this conversation."
      />
    </Stack>
  );
}

/** `/admin/inbox` (docs/messaging.md#inbox): every conversation, newest message first, and the open one. */
export function InboxPage({ search }: { search: TInboxSearch }) {
  const navigate = useNavigate();
  const filter = search.filter ?? 'all';
  const page = search.page ?? 1;
  const list = useQuery({
    ...inboxQuery({ filter, page, pageSize: INBOX_PAGE_SIZE }),
    refetchInterval: 15_000,
  });
  const go = (next: TInboxSearch) =>
    void navigate({
      to: '/admin/inbox',
      search: (prev: Record<string, unknown>) => defined({ ...prev, ...next }),
    });
  const opened = search.c;
  return (
    <Stack gap="md">
      <AdminPageHeader title="Inbox" description="Messages with guests, and questions before booking." />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }} display={opened ? { base: 'none', md: 'block' } : undefined}>
          <Stack gap="sm">
            <SegmentedControl
              aria-label="Show"
              data={INBOX_FILTERS.map((f) => ({ value: f, label: FILTER_LABEL[f] }))}
              value={filter}
              onChange={(v) => go({ filter: readOneOf(INBOX_FILTERS, v) ?? 'all', page: undefined })}
              orientation="vertical"
              fullWidth
            />
            {list.isPending ? (
              <Skeleton h={240} radius="md" />
            ) : list.isError ? (
              <Alert color="red" variant="light" title="Failed to load the inbox" />
            ) : list.data.items.length === 0 ? (
              <Text c="dimmed">No conversations here.</Text>
            ) : (
              <>
                <Stack gap="xs" component="nav" aria-label="Conversations">
                  {list.data.items.map((t) => (
                    <ThreadItem key={t.id} t={t} active={t.id === opened} open={() => go({ c: t.id })} />
                  ))}
                </Stack>
                <TablePager
                  pages={Math.max(1, Math.ceil(list.data.total / INBOX_PAGE_SIZE))}
                  page={page}
                  onPage={(p) => go({ page: p > 1 ? p : undefined })}
                />
              </>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} display={opened ? undefined : { base: 'none', md: 'block' }}>
          {opened ? (
            <OpenThread key={opened} id={opened} onBack={() => go({ c: undefined })} />
          ) : (
            <Text c="dimmed">Choose a conversation.</Text>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
