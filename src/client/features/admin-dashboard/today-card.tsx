import { Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatIsoDate } from '#shared/dates.ts';
import type { TDashboard, TDashboardStay } from '#shared/schemas/admin.ts';

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

/** Today's and this week's check-ins and check-outs, with who arrives and leaves today. */
export function TodayCard({ d }: { d: TDashboard | undefined }) {
  return (
    <Card withBorder padding="lg" data-testid="today-card">
      <Title order={2} fz="lg" mb="xs">
        Today{d ? ` (${formatIsoDate(d.today, true)})` : ''}
      </Title>
      {!d ? (
        <Skeleton h={120} />
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            In house now: <b data-testid="in-house-now">{d.inHouseNow}</b>{' '}
            <Text span size="sm" c="dimmed">
              (stays under way tonight)
            </Text>
          </Text>
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
  );
}
