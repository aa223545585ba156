import { Card, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TDashboard } from '../../../shared/schemas/admin.ts';

/** Booked share of the next 30 days' nights, and the failed-email count linking to Emails. */
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
            {d.occupancy.availableNights.toLocaleString('en-US')} nights held by pending and confirmed stays
          </Text>
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
