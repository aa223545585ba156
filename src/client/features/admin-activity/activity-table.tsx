import { Code, Stack, Table, Text } from '@mantine/core';
import type { TActivity } from '#shared/schemas/activity.ts';
import { AdminTableBody } from '../../components/admin-table-body.tsx';

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

/** The audit trail: when, who, what and on which item, with each changed field before → after. */
export function ActivityTable({ items }: { items: TActivity[] | undefined }) {
  return (
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
        <AdminTableBody
          items={items}
          cols={5}
          empty="No activity yet"
          skeletonTestId="activity-skeleton-row"
          renderRow={(a) => (
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
          )}
        />
      </Table>
    </Table.ScrollContainer>
  );
}
