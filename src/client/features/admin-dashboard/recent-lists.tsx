import { Box, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TBookingStatus } from '../../../shared/constants.ts';
import { formatIsoDate } from '../../../shared/dates.ts';
import type { TDashboard } from '../../../shared/schemas/admin.ts';
import { usd } from './api.ts';

/** Green when confirmed, red when cancelled, amber otherwise (admin-side §2.3). */
export function statusDotColor(status: TBookingStatus): string {
  if (status === 'confirmed') return 'var(--mantine-color-green-6)';
  if (status === 'cancelled') return 'var(--mantine-color-red-6)';
  return 'var(--mantine-color-yellow-6)';
}

function ListSkeleton() {
  return (
    <Stack gap="sm">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} h={44} />
      ))}
    </Stack>
  );
}

/** The latest bookings, each with its status dot. */
export function RecentBookings({ d }: { d: TDashboard | undefined }) {
  return (
    <Card withBorder padding="lg" data-testid="recent-bookings">
      <Title order={3} mb="md">
        Recent Bookings
      </Title>
      {!d ? (
        <ListSkeleton />
      ) : d.recentBookings.length === 0 ? (
        <Text c="dimmed">No bookings yet</Text>
      ) : (
        <Stack gap="sm">
          {d.recentBookings.map((b) => (
            <Group key={b.id} justify="space-between" wrap="nowrap" data-testid="recent-booking">
              <Box>
                <Text fw={600}>Booking #{b.id}</Text>
                <Text size="sm" c="dimmed">
                  {formatIsoDate(b.checkIn, true)} to {formatIsoDate(b.checkOut, true)}
                </Text>
              </Box>
              <Box
                w={12}
                h={12}
                style={{ borderRadius: '50%', background: statusDotColor(b.status), flexShrink: 0 }}
                role="img"
                aria-label={b.status}
                title={b.status}
                data-status={b.status}
              />
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The latest homes with their nightly price. */
export function RecentProperties({ d }: { d: TDashboard | undefined }) {
  return (
    <Card withBorder padding="lg" data-testid="recent-properties">
      <Title order={3} mb="md">
        Recent Properties
      </Title>
      {!d ? (
        <ListSkeleton />
      ) : d.recentProperties.length === 0 ? (
        <Text c="dimmed">No properties yet</Text>
      ) : (
        <Stack gap="sm">
          {d.recentProperties.map((p) => (
            <Group key={p.id} justify="space-between" wrap="nowrap" data-testid="recent-property">
              <Box miw={0}>
                <Text fw={600} truncate>
                  {p.title}
                </Text>
                <Text size="sm" c="dimmed" truncate>
                  {p.location}
                </Text>
              </Box>
              <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                {usd.format(p.price)}
                <Text span size="sm" c="dimmed" fw={400}>
                  {' '}
                  / night
                </Text>
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
