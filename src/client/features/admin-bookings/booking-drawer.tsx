import {
  Alert,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '../../../shared/money.ts';
import type { TAdminBookingDetail } from '../../../shared/schemas/admin.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useAddBookingNote } from './api.ts';
import { bookingDate } from './format.ts';

const STATUS_LABEL = { pending: 'Pending', confirmed: 'Confirmed', cancelled: 'Cancelled' } as const;
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Rows({ rows, testId }: { rows: [string, string][]; testId: string }) {
  return (
    <Table withRowBorders={false} verticalSpacing={2} data-testid={testId}>
      <Table.Tbody>
        {rows.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Th scope="row" fw={500} c="dimmed" w="45%">
              {k}
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>{v}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function NoteForm({ bookingId }: { bookingId: number }) {
  const [body, setBody] = useState('');
  const add = useAddBookingNote();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!body.trim()) return;
        add.mutate({ id: bookingId, body }, { onSuccess: () => setBody('') });
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Add an internal note"
          description="Only admins see notes."
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={2000}
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={add.isPending} disabled={!body.trim()}>
            Add note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Detail({ d }: { d: TAdminBookingDetail }) {
  const c = d.contactInfo;
  return (
    <Stack gap="lg">
      <Group gap="xs">
        <Badge variant="light">{d.confirmationNumber}</Badge>
        <Badge color={d.status === 'confirmed' ? 'green' : d.status === 'cancelled' ? 'red' : 'gray'}>
          {STATUS_LABEL[d.status]}
        </Badge>
      </Group>
      <Section title="Stay">
        <Rows
          testId="drawer-stay"
          rows={[
            ['Property', d.property.title || `Property #${d.propertyId}`],
            ['Check In', bookingDate(d.checkIn)],
            ['Check Out', bookingDate(d.checkOut)],
            ['Guests', String(d.guests)],
          ]}
        />
      </Section>
      <Section title="Contact">
        <Rows
          testId="drawer-contact"
          rows={[
            ['Name', c?.name ?? d.user?.name ?? d.user?.username ?? 'Guest'],
            ['Email', c?.email ?? ''],
            ['Phone', c?.phone ?? ''],
            ['Country', c?.country ?? ''],
            ['Special Requests', c?.specialRequests?.trim() ? c.specialRequests : 'None'],
          ]}
        />
      </Section>
      <Section title="Price">
        <Rows
          testId="drawer-price"
          rows={[
            ['Nights', String(d.price.nights)],
            ['Nightly price', formatMoney(d.price.nightlyPrice)],
            ...(d.price.nightPrices && new Set(d.price.nightPrices).size > 1
              ? [['Per night', d.price.nightPrices.map((p) => formatMoney(p)).join(', ')] as [string, string]]
              : []),
            ['Tax rate', `${d.price.taxRate}%`],
            ['Tax', formatMoney(d.price.taxAmount)],
            ['Total', formatMoney(d.price.total)],
          ]}
        />
      </Section>
      <Section title="Status history">
        <Timeline bulletSize={14} lineWidth={2} data-testid="drawer-history">
          {d.history.map((h, i) => (
            <Timeline.Item
              key={i}
              title={h.from ? `${STATUS_LABEL[h.from]} → ${STATUS_LABEL[h.to]}` : 'Booked (Pending)'}
            >
              <Text size="xs" c="dimmed">
                {h.actorName} · {when(h.at)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Section>
      <Section title="Emails">
        {d.emails.length === 0 ? (
          <Text size="sm" c="dimmed">
            No emails for this booking
          </Text>
        ) : (
          <Stack gap={4} data-testid="drawer-emails">
            {d.emails.map((m) => (
              <Text key={m.id} size="sm">
                {m.subject} · {m.to} · {m.status.replace('_', ' ')} · {when(m.createdAt)}
              </Text>
            ))}
          </Stack>
        )}
      </Section>
      <Divider />
      <Section title="Internal notes">
        {d.notes.length === 0 ? (
          <Text size="sm" c="dimmed">
            No notes yet
          </Text>
        ) : (
          <Stack gap="xs" data-testid="drawer-notes">
            {d.notes.map((n) => (
              <div key={n.id}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {n.body}
                </Text>
                <Text size="xs" c="dimmed">
                  {n.authorName} · {when(n.createdAt)}
                </Text>
              </div>
            ))}
          </Stack>
        )}
        <NoteForm bookingId={d.id} />
      </Section>
    </Stack>
  );
}

/** The booking drawer (issue 17): opened from a row click or the row's Details button. */
export function BookingDrawer({
  bookingId,
  onClose,
}: {
  bookingId: number | undefined;
  onClose: () => void;
}) {
  const detail = useQuery({
    ...trpc.bookings.detail.queryOptions({ id: bookingId ?? 0 }),
    enabled: bookingId !== undefined,
  });
  return (
    <Drawer
      opened={bookingId !== undefined}
      onClose={onClose}
      position="right"
      size="md"
      title={bookingId !== undefined ? `Booking #${bookingId}` : ''}
      data-testid="booking-drawer"
    >
      {detail.isError ? (
        <Alert color="red" title="Failed to load the booking">
          {errorMessage(detail.error, 'Please try again later.')}
        </Alert>
      ) : !detail.data ? (
        <Loader size="sm" aria-label="Loading booking" />
      ) : (
        <Detail d={detail.data} />
      )}
    </Drawer>
  );
}
