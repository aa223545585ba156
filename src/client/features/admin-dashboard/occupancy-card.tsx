import { Card, Group, Progress, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { formatIsoDate } from '#shared/dates.ts';
import type { TDashboard } from '#shared/schemas/admin.ts';

const OccupancyChart = lazy(() => import('./occupancy-chart.tsx'));

/** Booked share of the next 30 days' nights, overall and night by night, and the failed-email count. */
export function OccupancyCard({ d, emailsHref }: { d: TDashboard | undefined; emailsHref: string }) {
  return (
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
            {d.occupancy.availableNights.toLocaleString('en-US')} available nights sold: pending and confirmed
            stays and stays imported from other channels, over listed homes less blocked and owner nights (as
            in Reports)
          </Text>
          <div data-testid="occupancy-by-night" aria-hidden>
            <Suspense fallback={<Skeleton h={180} />}>
              <OccupancyChart nights={d.occupancy.byDay} />
            </Suspense>
          </div>
          {/* The chart's figures for screen readers, night by night: plain cells, since no one sees their
              styles and Mantine's Table parts cost each of the 30 rows a styles lookup on the first render. */}
          <VisuallyHidden>
            <table>
              <caption>Occupancy night by night</caption>
              <tbody>
                {d.occupancy.byDay.map((n) => (
                  <tr key={n.date}>
                    <th scope="row">{formatIsoDate(n.date, true)}</th>
                    <td>
                      {(n.rate * 100).toFixed(1)}% ({n.booked} homes)
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
          <Group gap="xl" mt="sm">
            <Text size="sm">
              Failed emails:{' '}
              <a href={emailsHref} data-testid="failed-emails">
                {d.failedEmails}
              </a>
            </Text>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
