import { Button, Checkbox, Group, Image, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconRestore } from '@tabler/icons-react';
import type { TAdminListingSort } from '#shared/constants.ts';
import { FALLBACK_IMAGE, thumbnailUrl } from '#shared/media.ts';
import type { TProperty } from '#shared/schemas/property.ts';
import { AdminTableBody } from '../../components/admin-table-body.tsx';
import { ActiveActions, type TRowActions } from './listing-actions.tsx';

/** The spec's columns (docs/product.md#admin-listings); the Title cell leads with the cover's thumbnail. */
export const COLUMNS: { label: string; sort?: TAdminListingSort }[] = [
  { label: 'ID', sort: 'id' },
  { label: 'Title', sort: 'title' },
  { label: 'Location', sort: 'location' },
  { label: 'Price', sort: 'price' },
  { label: 'Bedrooms', sort: 'bedrooms' },
  { label: 'Bathrooms', sort: 'bathrooms' },
  { label: 'Max Guests', sort: 'maxGuests' },
  { label: 'Actions' },
];

function SortHeader({ label, column, ...p }: { label: string; column: TAdminListingSort } & TSorting) {
  const active = p.sort === column;
  return (
    <Table.Th aria-sort={active ? (p.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton onClick={() => p.onSort(column)} fw={700} fz="sm">
        <Group gap={2} wrap="nowrap">
          {label}
          {active &&
            (p.dir === 'asc' ? (
              <IconChevronUp size={14} aria-hidden />
            ) : (
              <IconChevronDown size={14} aria-hidden />
            ))}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

interface TSorting {
  sort: TAdminListingSort;
  dir: 'asc' | 'desc';
  onSort: (sort: TAdminListingSort) => void;
}

export interface TSelection {
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], on: boolean) => void;
}

/**
 * The listings table (docs/product.md#admin-listings): 5 skeleton rows, then rows or 'No properties found'. A checkbox
 * column leads, for the bulk archive and restore.
 */
export function ListingsTable({
  rows,
  archived,
  sorting,
  selection,
  ...actions
}: {
  rows: TProperty[] | undefined;
  archived: boolean;
  sorting: TSorting;
  selection: TSelection;
} & TRowActions) {
  const ids = rows?.map((p) => p.id) ?? [];
  const all = ids.length > 0 && ids.every((id) => selection.selected.has(id));
  const some = ids.some((id) => selection.selected.has(id));
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="listings-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox
                aria-label="Select all listings on this page"
                checked={all}
                indeterminate={some && !all}
                disabled={ids.length === 0}
                onChange={(e) => selection.onSelect(ids, e.currentTarget.checked)}
              />
            </Table.Th>
            {COLUMNS.map((c) =>
              c.sort ? (
                <SortHeader key={c.label} label={c.label} column={c.sort} {...sorting} />
              ) : (
                <Table.Th key={c.label} style={{ textAlign: 'right' }}>
                  {c.label}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <AdminTableBody
          items={rows}
          cols={COLUMNS.length + 1}
          empty="No properties found"
          skeletonTestId="listing-skeleton-row"
          renderRow={(p) => (
            <Table.Tr key={p.id} data-testid="listing-row">
              <Table.Td>
                <Checkbox
                  aria-label={`Select ${p.title}`}
                  checked={selection.selected.has(p.id)}
                  onChange={(e) => selection.onSelect([p.id], e.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>{p.id}</Table.Td>
              <Table.Td fw={500}>
                <Group gap="sm" wrap="nowrap">
                  <Image
                    src={p.images[0] ? thumbnailUrl(p.images[0]) : FALLBACK_IMAGE}
                    alt={`Photo of ${p.title}`}
                    loading="lazy"
                    w={56}
                    h={40}
                    radius="sm"
                    fit="cover"
                    fallbackSrc={FALLBACK_IMAGE}
                    data-testid="listing-thumbnail"
                  />
                  {p.title}
                </Group>
              </Table.Td>
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
          )}
        />
      </Table>
    </Table.ScrollContainer>
  );
}
