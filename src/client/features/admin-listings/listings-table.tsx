import { Button, Checkbox, Group, Image, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconRestore } from '@tabler/icons-react';
import type { TAdminListingSort } from '#shared/constants.ts';
import { formatMoney } from '#shared/money.ts';
import { FALLBACK_IMAGE, thumbnailUrl } from '#shared/media.ts';
import type { TProperty } from '#shared/schemas/property.ts';
import { AdminTableBody } from '../../components/admin-table-body.tsx';
import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import { ActiveActions, type TRowActions, type TRowHandlers } from './listing-actions.tsx';

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

type THandlers = TRowHandlers & Pick<TSelection, 'onSelect'>;

/**
 * Handlers that keep their identity across renders and call the latest ones passed, so a row's memo
 * holds when the page re-renders (a checkbox, a dialog, a toast).
 */
function useStableHandlers(latest: THandlers): THandlers {
  const ref = useRef(latest);
  useLayoutEffect(() => {
    ref.current = latest;
  });
  return useMemo(
    () => ({
      onEdit: (p) => ref.current.onEdit(p),
      onDelete: (p) => ref.current.onDelete(p),
      onDuplicate: (p) => ref.current.onDuplicate(p),
      onRestore: (p) => ref.current.onRestore(p),
      onSelect: (ids, on) => ref.current.onSelect(ids, on),
    }),
    [],
  );
}

/**
 * One home's row. Memoized: the page shows a hundred, and ticking one row's checkbox or opening a
 * dialog re-renders only the rows whose props changed.
 */
const ListingRow = memo(function ListingRow({
  p,
  archived,
  checked,
  duplicating,
  restoring,
  handlers,
}: {
  p: TProperty;
  archived: boolean;
  checked: boolean;
  duplicating: boolean;
  restoring: boolean;
  handlers: THandlers;
}) {
  return (
    <Table.Tr data-testid="listing-row">
      <Table.Td>
        <Checkbox
          aria-label={`Select ${p.title}`}
          checked={checked}
          onChange={(e) => handlers.onSelect([p.id], e.currentTarget.checked)}
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
      <Table.Td>{formatMoney(p.price, 'USD', { whole: Number.isInteger(p.price) })}</Table.Td>
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
              loading={restoring}
              onClick={() => handlers.onRestore(p)}
            >
              Restore
            </Button>
          ) : (
            <ActiveActions
              p={p}
              duplicating={duplicating}
              onEdit={handlers.onEdit}
              onDelete={handlers.onDelete}
              onDuplicate={handlers.onDuplicate}
            />
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
});

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
  const handlers = useStableHandlers({ ...actions, onSelect: selection.onSelect });
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
            <ListingRow
              key={p.id}
              p={p}
              archived={archived}
              checked={selection.selected.has(p.id)}
              duplicating={actions.duplicating === p.id}
              restoring={actions.restoring === p.id}
              handlers={handlers}
            />
          )}
        />
      </Table>
    </Table.ScrollContainer>
  );
}
