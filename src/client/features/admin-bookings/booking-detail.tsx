import { Badge, Divider, Group, Stack, Text, Timeline } from '@mantine/core';
import { formatMoney } from '#shared/money.ts';
import type { TAdminBookingDetail } from '#shared/schemas/admin.ts';
import { StatusBadge } from './booking-cells.tsx';
import { BookingCheckIn } from './booking-check-in.tsx';
import { BookingNotes } from './booking-notes.tsx';
import { Rows, Section, STATUS_LABEL, when } from './drawer-parts.tsx';
import { bookingDate } from './format.ts';
import { RequestAnswer } from './request-answer.tsx';
import { partyLabel } from '#shared/labels.ts';

/** Everything about one booking: stay, contact, price, status history, its emails and the notes. */
export function BookingDetail({ d }: { d: TAdminBookingDetail }) {
  const c = d.contactInfo;
  return (
    <Stack gap="lg">
      <Group gap="xs">
        <Badge variant="light">{d.confirmationNumber}</Badge>
        {/* The table's badge: the same colours, which keep 4.5:1 in both schemes. */}
        <StatusBadge status={d.status} />
      </Group>
      <Section title="Stay">
        <Rows
          testId="drawer-stay"
          rows={[
            ['Property', d.property.title || `Property #${d.propertyId}`],
            ['Check In', bookingDate(d.checkIn)],
            ['Check Out', bookingDate(d.checkOut)],
            ['Guests', partyLabel(d)],
          ]}
        />
        <RequestAnswer booking={d} />
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
            [
              'Subtotal',
              formatMoney(
                (d.price.nightPrices ?? []).reduce((sum, n) => sum + n, 0) ||
                  d.price.nightlyPrice * d.price.nights,
              ),
            ],
            // The lines the guest was quoted, in their order (docs/money.md).
            ...d.price.lines.map((l): [string, string] => [l.label, formatMoney(l.amount)]),
            ['Total', formatMoney(d.price.total)],
          ]}
        />
      </Section>
      <BookingCheckIn d={d} />
      <Section title="Status history">
        <Timeline bulletSize={14} lineWidth={2} data-testid="drawer-history">
          {d.history.map((h, i) => (
            <Timeline.Item
              key={i}
              title={
                h.detail ??
                (h.from
                  ? `${STATUS_LABEL[h.from]} → ${STATUS_LABEL[h.to]}`
                  : `Booked (${STATUS_LABEL[h.to]})`)
              }
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
      <BookingNotes bookingId={d.id} notes={d.notes} />
    </Stack>
  );
}
