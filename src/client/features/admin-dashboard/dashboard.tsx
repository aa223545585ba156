import { Alert, Box, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingEstate, IconCalendarEvent, IconClock, IconCurrencyDollar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { TBookingStatus } from '../../../shared/constants.ts';
import { formatIsoDate } from '../../../shared/dates.ts';
import { useAuth } from '../../lib/auth.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { LoadingLine } from '../../components/loading-line.tsx';
import { formatMoney } from '../../../shared/money.ts';
import '../../styles/more-components.css';

const usd = { format: (n: number) => formatMoney(n, 'USD', { whole: true }) };

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
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder padding="lg" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={28} fw={700} data-testid={`${testId}-value`}>
            {value}
          </Text>
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
        />
        <Counter
          label="Total Bookings"
          value={value(d?.totalBookings)}
          icon={<IconCalendarEvent size={22} />}
          testId="total-bookings"
        />
        <Counter
          label="Total Revenue"
          value={value(d?.totalRevenue, (n) => usd.format(n))}
          icon={<IconCurrencyDollar size={22} />}
          testId="total-revenue"
        />
        <Counter
          label="Pending Bookings"
          value={value(d?.pendingBookings)}
          icon={<IconClock size={22} />}
          testId="pending-bookings"
        />
      </SimpleGrid>
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
