import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TCalendarBar } from '#shared/schemas/calendar.ts';
import { AnchorLink } from '../../components/anchor-link.tsx';
import { useCalendarMutations } from './api.ts';
import { BAR_STYLE, barFill } from './bar-colors.ts';
import { barDates } from './nights-range.ts';

function RemoveBlock({ propertyId, blockId }: { propertyId: number; blockId: number }) {
  const m = useCalendarMutations();
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      loading={m.unblock.isPending}
      onClick={() => m.unblock.mutate({ id: propertyId, blockId })}
    >
      Reopen
    </Button>
  );
}

/** The month's stays, holds and blocks as a list: bookings link to Bookings, blocks can be reopened. */
export function MonthBarsCard({ propertyId, bars }: { propertyId: number; bars: TCalendarBar[] }) {
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Title order={3} size="h4">
          This month
        </Title>
        {bars.length === 0 && <Text c="dimmed">Nothing booked or blocked.</Text>}
        {bars.map((b) => (
          <Group
            key={`${b.kind}-${b.startDate}-${b.bookingId ?? b.blockId ?? b.label}`}
            justify="space-between"
            wrap="nowrap"
          >
            <Group gap="xs" wrap="nowrap">
              <Badge {...barFill(b.kind)} variant="filled">
                {BAR_STYLE[b.kind].label}
              </Badge>
              <Text size="sm">
                {barDates(b)} · {b.label}
              </Text>
            </Group>
            {b.bookingId !== null && (
              <AnchorLink to="/admin/bookings" search={{ booking: b.bookingId }} size="sm">
                View booking
              </AnchorLink>
            )}
            {b.bookingId === null && b.link && (
              <Anchor href={b.link} target="_blank" rel="noreferrer noopener" size="sm">
                Reservation
              </Anchor>
            )}
            {b.kind === 'block' && b.blockId !== null && (
              <RemoveBlock propertyId={propertyId} blockId={b.blockId} />
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
