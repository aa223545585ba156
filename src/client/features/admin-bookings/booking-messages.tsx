import { Badge, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { TRIGGER_LABEL } from '#shared/schemas/messaging.ts';
import { scheduledMessagesQuery, useOpenBookingThread } from './api.ts';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const STATUS_COLOR = { scheduled: 'blue', sent: 'green', cancelled: 'gray' } as const;

/** The drawer's messaging part (docs/messaging.md): the way into the conversation, and the automated messages. */
export function BookingMessagesPanel({ bookingId }: { bookingId: number }) {
  const navigate = useNavigate();
  const scheduled = useQuery(scheduledMessagesQuery(bookingId));
  const open = useOpenBookingThread();
  return (
    <Stack gap="xs" mt="md" data-testid="booking-messages">
      <Divider />
      <Group justify="space-between" wrap="wrap">
        <Title order={3} fz={16}>
          Messages
        </Title>
        <Button
          size="xs"
          variant="light"
          loading={open.isPending}
          onClick={() =>
            open.mutate(
              { id: bookingId },
              {
                onSuccess: ({ conversationId }) =>
                  void navigate({ to: '/admin/inbox', search: { c: conversationId } }),
              },
            )
          }
        >
          Open conversation
        </Button>
      </Group>
      {scheduled.data && scheduled.data.items.length === 0 && (
        <Text size="sm" c="dimmed">
          No automated messages for this booking.
        </Text>
      )}
      {scheduled.data?.items.map((m) => (
        <Group key={m.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="scheduled-message">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} truncate>
              {m.templateName}
            </Text>
            <Text size="xs" c="dimmed">
              {TRIGGER_LABEL[m.trigger]} · {when.format(new Date(m.sentAt ?? m.dueAt))}
            </Text>
          </div>
          <Badge size="sm" variant="light" color={STATUS_COLOR[m.status]}>
            {m.status}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}
