import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconBuildingEstate,
  IconCalendarEvent,
  IconClock,
  IconCurrencyDollar,
  IconMessageQuestion,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TDashboard } from '#shared/schemas/admin.ts';
import { useHrefClick } from '../../lib/href-click.ts';
import { usd } from './api/dashboard.ts';

function Counter({
  label,
  value,
  icon,
  testId,
  href,
  note,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  testId: string;
  href: string;
  note?: string;
}) {
  const click = useHrefClick();
  return (
    <Card
      withBorder
      padding="lg"
      data-testid={testId}
      component="a"
      href={href}
      onClick={click(href)}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={28} fw={700} data-testid={`${testId}-value`}>
            {value}
          </Text>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </Stack>
        <ThemeIcon variant="light" size={40} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/**
 * The headline figures, each a link to the admin page behind it. Requests to book awaiting an answer have
 * a counter of their own beside the spec's Pending Bookings (docs/booking-operations.md#booking-modes).
 */
export function Counters({
  d,
  link,
}: {
  d: TDashboard | undefined;
  link: (path: string, query?: string) => string;
}) {
  const value = (n: number | undefined, format: (n: number) => string = String) =>
    n === undefined ? <Skeleton h={32} w={80} mt={4} /> : format(n);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }}>
      <Counter
        label="Total Properties"
        value={value(d?.totalProperties)}
        icon={<IconBuildingEstate size={22} />}
        testId="total-properties"
        href={link('/admin/listings')}
      />
      <Counter
        label="Total Bookings"
        value={value(d?.totalBookings)}
        icon={<IconCalendarEvent size={22} />}
        testId="total-bookings"
        href={link('/admin/bookings')}
      />
      <Counter
        label="Total Revenue"
        value={value(d?.totalRevenue, (n) => usd.format(n))}
        icon={<IconCurrencyDollar size={22} />}
        testId="total-revenue"
        href={link('/admin/bookings')}
        note="Charged for every stay not cancelled or declined, all dates, taxes and fees included"
      />
      <Counter
        label="Pending Bookings"
        value={value(d?.pendingBookings)}
        icon={<IconClock size={22} />}
        testId="pending-bookings"
        href={link('/admin/bookings', 'status=pending')}
      />
      <Counter
        label="Booking Requests"
        value={value(d?.requestedBookings)}
        icon={<IconMessageQuestion size={22} />}
        testId="requested-bookings"
        href={link('/admin/bookings', 'status=requested')}
        note="Awaiting your answer"
      />
    </SimpleGrid>
  );
}
