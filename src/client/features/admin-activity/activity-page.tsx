import { Alert, Card, Code, Group, Pagination, Select, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  ACTIVITY_ENTITY_TYPES,
  ACTIVITY_PAGE_SIZE,
  type TActivity,
  type TActivityEntityType,
} from '../../../shared/schemas/activity.ts';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';

export interface TActivitySearch {
  page?: number;
  entityType?: TActivityEntityType;
}

const TYPE_LABEL: Record<TActivityEntityType, string> = {
  property: 'Properties',
  booking: 'Bookings',
  review: 'Reviews',
  category: 'Categories',
  settings: 'Settings',
  user: 'Accounts',
};

function show(v: unknown): string {
  if (v === undefined || v === null || v === '') return '—';
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

function Changes({ changes }: { changes: TActivity['changes'] }) {
  const entries = Object.entries(changes);
  if (entries.length === 0) return <Text size="xs">—</Text>;
  return (
    <Stack gap={2}>
      {entries.map(([field, { before, after }]) => (
        <Text key={field} size="xs" style={{ wordBreak: 'break-word' }}>
          <Code>{field}</Code> {show(before)} → {show(after)}
        </Text>
      ))}
    </Stack>
  );
}

/** Activity (issue 17): the audit trail of every admin change, newest first, server-paged. */
export function ActivityPage({ search }: { search: TActivitySearch }) {
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const activity = useQuery({
    ...trpc.admin.activity.queryOptions({
      page,
      pageSize: ACTIVITY_PAGE_SIZE,
      entityType: search.entityType,
    }),
    placeholderData: keepPreviousData,
  });
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
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs" fz="sm" data-testid="activity-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Item</Table.Th>
                  <Table.Th>Changes</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!data ? (
                  <TableSkeleton rows={5} cols={5} testId="activity-skeleton-row" />
                ) : data.items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text ta="center" c="dimmed" py="lg">
                        No activity yet
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  data.items.map((a) => (
                    <Table.Tr key={a.id} data-testid="activity-row">
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {new Date(a.createdAt).toLocaleString('en-US', {
                          dateStyle: 'medium',
                          timeStyle: 'short',
                        })}
                      </Table.Td>
                      <Table.Td>{a.actorName}</Table.Td>
                      <Table.Td>{a.action}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {a.entityType} #{a.entityId}
                      </Table.Td>
                      <Table.Td>
                        <Changes changes={a.changes} />
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {data && data.total > data.pageSize && (
        <Group justify="flex-end">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(p) => setSearch({ page: p > 1 ? p : undefined })}
          />
        </Group>
      )}
    </Stack>
  );
}
