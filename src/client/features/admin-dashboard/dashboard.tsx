import { Alert, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { LoadingLine } from '../../components/loading-line.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { useDirectAdmin } from '../../lib/direct-admin.ts';
import { errorMessage } from '../../lib/trpc.ts';
import '../../styles/more-components.css';
import { dashboardQuery } from './api/dashboard.ts';
import { Counters } from './counters.tsx';
import { OccupancyCard } from './occupancy-card.tsx';
import { RecentBookings, RecentProperties } from './recent-lists.tsx';
import { TodayCard } from './today-card.tsx';
import { lazyRetry } from '../../lib/lazy-retry.tsx';

const RevenueChart = lazyRetry(() => import('./revenue-chart.tsx'));
const OpenProblems = lazyRetry(() =>
  import('./open-problems.tsx').then((m) => ({ default: m.OpenProblems })),
);

/** `alerts`: warnings other features put at the top (the route passes the calendar's conflicts). */
export function Dashboard({ alerts }: { alerts?: ReactNode }) {
  const { isLoading: authLoading } = useAuth();
  const dashboard = useQuery(dashboardQuery());
  const suffix = useDirectAdmin() ? 'directAdmin=true' : '';
  const link = (path: string, query = '') => {
    const q = [query, suffix].filter(Boolean).join('&');
    return q ? `${path}?${q}` : path;
  };

  if (authLoading) {
    return <LoadingLine />;
  }

  const d = dashboard.data;

  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      {alerts}
      {dashboard.isError && (
        <Alert color="red" title="Failed to load dashboard">
          {errorMessage(dashboard.error, 'Please try again later.')}
        </Alert>
      )}
      <Counters d={d} link={link} />
      <Suspense fallback={<Skeleton h={96} />}>
        <OpenProblems link={link} />
      </Suspense>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TodayCard d={d} />
        <OccupancyCard d={d} emailsHref={link('/admin/emails')} />
      </SimpleGrid>
      <Card withBorder padding="lg" data-testid="revenue-chart">
        <Title order={2} fz="lg">
          Room revenue by month
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Last 12 months: the nights of pending and confirmed stays less their discounts, spread over the
          nights. Without GST, tourist tax, cleaning and pet fees; owners&apos; and imported stays bring none.
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
        <RecentBookings d={d} />
        <RecentProperties d={d} />
      </SimpleGrid>
    </Stack>
  );
}
