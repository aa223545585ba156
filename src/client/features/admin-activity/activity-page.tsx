import { Alert, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ACTIVITY_ENTITY_TYPES, type TActivityEntityType } from '#shared/schemas/activity.ts';
import { TablePager } from '../../components/table-pager.tsx';
import { errorMessage } from '../../lib/trpc.ts';
import { activityPageQuery, type TActivitySearch } from './api.ts';
import { ActivityTable } from './activity-table.tsx';

const TYPE_LABEL: Record<TActivityEntityType, string> = {
  property: 'Properties',
  booking: 'Bookings',
  review: 'Reviews',
  category: 'Categories',
  settings: 'Settings',
  user: 'Accounts',
  calendar: 'Calendars',
  email: 'Emails',
  message_template: 'Message templates',
  task: 'Turnover tasks',
};

/** Activity (docs/features.md#admin-back-office): the audit trail of every admin change, newest first, server-paged. */
export function ActivityPage({ search }: { search: TActivitySearch }) {
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const activity = useQuery(activityPageQuery(search));
  const data = activity.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const setSearch = (patch: Partial<TActivitySearch>) =>
    void navigate({ to: '/admin/activity', search: (prev: TActivitySearch) => ({ ...prev, ...patch }) });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Activity</Title>
        <Text c="dimmed">Who changed what, and when</Text>
      </div>
      <Select
        label="Show"
        placeholder="Everything"
        data={ACTIVITY_ENTITY_TYPES.map((t) => ({ value: t, label: TYPE_LABEL[t] }))}
        value={search.entityType ?? null}
        onChange={(v) => setSearch({ entityType: (v as TActivityEntityType) ?? undefined, page: undefined })}
        clearable
        w={{ base: '100%', xs: 220 }}
      />
      {activity.isError ? (
        <Alert color="red" title="Failed to load activity">
          {errorMessage(activity.error, 'Please try again later.')}
        </Alert>
      ) : (
        <Card withBorder padding={0}>
          <ActivityTable items={data?.items} />
        </Card>
      )}
      {data && data.total > data.pageSize && (
        <Group justify="flex-end">
          <TablePager pages={pages} page={page} onPage={(p) => setSearch({ page: p > 1 ? p : undefined })} />
        </Group>
      )}
    </Stack>
  );
}
