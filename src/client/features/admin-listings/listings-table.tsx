import { ActionIcon, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconCalendarMonth, IconPencil, IconRestore, IconTrash } from '@tabler/icons-react';
import type { TProperty } from '../../../shared/schemas/property.ts';
import { ActionIconLink } from '../../components/anchor-link.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';

export const COLUMNS = [
  'ID',
  'Title',
  'Location',
  'Price',
  'Bedrooms',
  'Bathrooms',
  'Max Guests',
  'Actions',
] as const;

interface TRowActions {
  onEdit: (p: TProperty) => void;
  onDelete: (p: TProperty) => void;
  onRestore: (p: TProperty) => void;
  restoring: number | null;
}

function ActiveActions({ p, onEdit, onDelete }: { p: TProperty } & TRowActions) {
  return (
    <>
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" aria-label={`Edit ${p.title}`} onClick={() => onEdit(p)}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Calendar">
        <ActionIconLink
          variant="subtle"
          to="/admin/calendar/$id"
          params={{ id: String(p.id) }}
          aria-label={`Calendar of ${p.title}`}
        >
          <IconCalendarMonth size={18} />
        </ActionIconLink>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${p.title}`} onClick={() => onDelete(p)}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}

/** The listings table (admin-side §2.4): 5 skeleton rows of 8 cells, then rows or 'No properties found'. */
export function ListingsTable({
  rows,
  archived,
  ...actions
}: { rows: TProperty[] | undefined; archived: boolean } & TRowActions) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="listings-table">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th key={c} style={c === 'Actions' ? { textAlign: 'right' } : undefined}>
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {!rows ? (
            <TableSkeleton rows={5} cols={COLUMNS.length} testId="listing-skeleton-row" />
          ) : rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length}>
                <Text ta="center" c="dimmed" py="md">
                  No properties found
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((p) => (
              <Table.Tr key={p.id} data-testid="listing-row">
                <Table.Td>{p.id}</Table.Td>
                <Table.Td fw={500}>{p.title}</Table.Td>
                <Table.Td>{p.location}</Table.Td>
                <Table.Td>${p.price}</Table.Td>
                <Table.Td>{p.bedrooms}</Table.Td>
                <Table.Td>{p.bathrooms}</Table.Td>
                <Table.Td>{p.maxGuests}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {archived ? (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconRestore size={14} />}
                        aria-label={`Restore ${p.title}`}
                        loading={actions.restoring === p.id}
                        onClick={() => actions.onRestore(p)}
                      >
                        Restore
                      </Button>
                    ) : (
                      <ActiveActions p={p} {...actions} />
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
