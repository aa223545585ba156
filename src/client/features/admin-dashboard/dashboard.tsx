import {
  Alert,
  Box,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBuildingEstate, IconCalendarEvent, IconClock, IconCurrencyDollar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import type { TDashboardStay } from '../../../shared/schemas/admin.ts';
import { useHrefClick } from '../../lib/href-click.ts';
import { useDirectAdmin } from '../../lib/direct-admin.ts';
import type { TBookingStatus } from '../../../shared/constants.ts';
import { formatIsoDate } from '../../../shared/dates.ts';
import { useAuth } from '../../lib/auth.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { LoadingLine } from '../../components/loading-line.tsx';
import { formatMoney } from '../../../shared/money.ts';
import '../../styles/more-components.css';

const usd = { format: (n: number) => formatMoney(n, 'USD', { whole: true }) };
const RevenueChart = lazy(() => import('./revenue-chart.tsx'));

function StaysTable({ stays, empty, testId }: { stays: TDashboardStay[]; empty: string; testId: string }) {
  if (stays.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Table fz="sm" verticalSpacing={4} data-testid={testId}>
      <Table.Tbody>
        {stays.map((s) => (
          <Table.Tr key={s.id}>
            <Table.Td>{s.confirmationNumber}</Table.Td>
            <Table.Td>{s.guestName}</Table.Td>
            <Table.Td>{s.propertyTitle}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Green when confirmed, red when cancelled, amber otherwise (admin-side §2.3). */
export function statusDotColor(status: TBookingStatus): string {
  if (status === 'confirmed') return 'var(--mantine-color-green-6)';
  if (status === 'cancelled') return 'var(--mantine-color-red-6)';
  return 'var(--mantine-color-yellow-6)';
}

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

/** `alerts`: warnings other features put at the top (the route passes the calendar's conflicts). */
export function Dashboard({ alerts }: { alerts?: ReactNode }) {
  const { isLoading: authLoading } = useAuth();
  const dashboard = useQuery(trpc.admin.dashboard.queryOptions());
  const suffix = useDirectAdmin() ? 'directAdmin=true' : '';
  const link = (path: string, query = '') => {
    const q = [query, suffix].filter(Boolean).join('&');
    return q ? `${path}?${q}` : path;
  };

  if (authLoading) {
    return <LoadingLine />;
  }

  const d = dashboard.data;
  const value = (n: number | undefined, format: (n: number) => string = String) =>
    n === undefined ? <Skeleton h={32} w={80} mt={4} /> : format(n);

  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      {alerts}
      {dashboard.isError && (
        <Alert color="red" title="Failed to load dashboard">
          {errorMessage(dashboard.error, 'Please try again later.')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
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
          note="Confirmed + pending, excluding cancelled"
        />
        <Counter
          label="Pending Bookings"
          value={value(d?.pendingBookings)}
          icon={<IconClock size={22} />}
          testId="pending-bookings"
          href={link('/admin/bookings', 'status=pending')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="lg" data-testid="today-card">
          <Title order={2} fz="lg" mb="xs">
            Today{d ? ` (${formatIsoDate(d.today, true)})` : ''}
          </Title>
          {!d ? (
            <Skeleton h={120} />
          ) : (
            <Stack gap="sm">
              <Group gap="xl">
                <Text size="sm">
                  Check-ins today: <b data-testid="check-ins-today">{d.checkInsToday}</b>
                </Text>
                <Text size="sm">
                  Check-outs today: <b data-testid="check-outs-today">{d.checkOutsToday}</b>
                </Text>
              </Group>
              <Group gap="xl">
                <Text size="sm">
                  Check-ins this week: <b data-testid="check-ins-week">{d.checkInsWeek}</b>
                </Text>
                <Text size="sm">
                  Check-outs this week: <b data-testid="check-outs-week">{d.checkOutsWeek}</b>
                </Text>
              </Group>
              <Title order={3} fz="sm">
                Arriving today
              </Title>
              <StaysTable stays={d.arrivalsToday} empty="No arrivals today" testId="arrivals-today" />
              <Title order={3} fz="sm">
                Leaving today
              </Title>
              <StaysTable stays={d.departuresToday} empty="No departures today" testId="departures-today" />
            </Stack>
          )}
        </Card>
        <Card withBorder padding="lg" data-testid="occupancy-card">
          <Title order={2} fz="lg" mb="xs">
            Occupancy, next 30 days
          </Title>
          {!d ? (
            <Skeleton h={60} />
          ) : (
            <Stack gap="xs">
              <Text fz={28} fw={700} data-testid="occupancy-rate">
                {(d.occupancy.rate * 100).toFixed(1)}%
              </Text>
              <Progress value={d.occupancy.rate * 100} aria-label="Occupancy, next 30 days" />
              <Text size="sm" c="dimmed">
                {d.occupancy.bookedNights.toLocaleString('en-US')} of{' '}
                {d.occupancy.availableNights.toLocaleString('en-US')} nights held by pending and confirmed
                stays
              </Text>
              <Group gap="xl" mt="sm">
                <Text size="sm">
                  Failed emails:{' '}
                  <a href={link('/admin/emails')} data-testid="failed-emails">
                    {d.failedEmails}
                  </a>
                </Text>
              </Group>
            </Stack>
          )}
        </Card>
      </SimpleGrid>
      <Card withBorder padding="lg" data-testid="revenue-chart">
        <Title order={2} fz="lg">
          Revenue by month of check-in
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Last 12 months, confirmed + pending, excluding cancelled
        </Text>
        {!d ? (
          <Skeleton h={240} />
        ) : (
          <Suspense fallback={<Skeleton h={240} />}>
            <RevenueChart data={d.revenueByMonth} />
          </Suspense>
        )}
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="lg" data-testid="recent-bookings">
          <Title order={3} mb="md">
            Recent Bookings
          </Title>
          {!d ? (
            <Stack gap="sm">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h={44} />
              ))}
            </Stack>
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
        <Card withBorder padding="lg" data-testid="recent-properties">
          <Title order={3} mb="md">
            Recent Properties
          </Title>
          {!d ? (
            <Stack gap="sm">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h={44} />
              ))}
            </Stack>
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
      </SimpleGrid>
    </Stack>
  );
}
