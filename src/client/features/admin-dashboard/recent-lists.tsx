import { Box, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TBookingStatus } from '#shared/constants.ts';
import { formatIsoDate } from '#shared/dates.ts';
import type { TDashboard } from '#shared/schemas/admin.ts';
import { usd } from './api/dashboard.ts';

/** Green when confirmed, red when cancelled, amber otherwise (docs/product.md#admin-dashboard). */
export function statusDotColor(status: TBookingStatus): string {
  if (status === 'confirmed') return 'var(--mantine-color-green-6)';
  if (status === 'cancelled' || status === 'declined') return 'var(--mantine-color-red-6)';
  return 'var(--mantine-color-yellow-6)';
}

interface TRecentListProps<T extends { id: number }> {
  title: string;
  testId: string;
  itemTestId: string;
  empty: string;
  /** Undefined while the dashboard loads. */
  items: T[] | undefined;
  children: (item: T) => ReactNode;
}

/** A dashboard card listing the latest rows, a skeleton while they load. */
function RecentList<T extends { id: number }>({
  title,
  testId,
  itemTestId,
  empty,
  items,
  children,
}: TRecentListProps<T>) {
  return (
    <Card withBorder padding="lg" data-testid={testId}>
      <Title order={3} mb="md">
        {title}
      </Title>
      {!items ? (
        <Stack gap="sm">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={44} />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Stack gap="sm">
          {items.map((item) => (
            <Group key={item.id} justify="space-between" wrap="nowrap" data-testid={itemTestId}>
              {children(item)}
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The latest bookings: who stays, in which home, when, and a status dot. */
export function RecentBookings({ d }: { d: TDashboard | undefined }) {
  return (
    <RecentList
      title="Recent Bookings"
      testId="recent-bookings"
      itemTestId="recent-booking"
      empty="No bookings yet"
      items={d?.recentBookings}
    >
      {(b) => (
        <>
          <Box miw={0}>
            <Text fw={600} truncate>
              Booking #{b.id} · <span data-testid="recent-booking-guest">{b.guestName}</span>
            </Text>
            <Text size="sm" truncate data-testid="recent-booking-home">
              {b.propertyTitle}
            </Text>
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
        </>
      )}
    </RecentList>
  );
}

/** The latest homes with their nightly price. */
export function RecentProperties({ d }: { d: TDashboard | undefined }) {
  return (
    <RecentList
      title="Recent Properties"
      testId="recent-properties"
      itemTestId="recent-property"
      empty="No properties yet"
      items={d?.recentProperties}
    >
      {(p) => (
        <>
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
        </>
      )}
    </RecentList>
  );
}
