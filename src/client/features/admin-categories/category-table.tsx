import { ActionIcon, Badge, Group, Table } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { TCategory } from '#shared/schemas/category.ts';
import { AdminTableBody } from '../../components/admin-table-body.tsx';
import { CategoryIcon } from './category-icon.tsx';

/** Icon, Name, Status, Actions (docs/product.md#categories); skeleton rows while the list loads. */
export function CategoryTable({
  categories,
  onEdit,
  onDelete,
}: {
  categories: TCategory[] | undefined;
  onEdit: (c: TCategory) => void;
  onDelete: (c: TCategory) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="sm" data-testid="categories-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={72}>Icon</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th w={110}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <AdminTableBody
          items={categories}
          cols={4}
          skeletonRows={4}
          empty="No categories yet"
          renderRow={(c) => (
            <Table.Tr key={c.id} data-testid="category-row">
              <Table.Td>
                <CategoryIcon src={c.icon} />
              </Table.Td>
              <Table.Td fw={500}>{c.name}</Table.Td>
              <Table.Td>
                <Badge color={c.active ? '#1b5e20' : 'gray.7'} variant="filled">
                  {c.active ? 'Active' : 'Inactive'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Edit ${c.name}`}
                    onClick={() => onEdit(c)}
                  >
                    <IconEdit size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${c.name}`}
                    onClick={() => onDelete(c)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          )}
        />
      </Table>
    </Table.ScrollContainer>
  );
}
