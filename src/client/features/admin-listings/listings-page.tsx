import { Alert, Button, Card, Stack } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { MountOnFirstOpen } from '../../components/mount-on-first-open.tsx';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal.tsx';
import type { TProperty } from '#shared/schemas/property.ts';
import { AdminPageHeader } from '../../components/admin-page-header.tsx';
import { errorMessage } from '../../lib/trpc.ts';
import type { TAdminListingSort } from '#shared/constants.ts';
import { TablePaging } from '../../components/table-controls.tsx';
import {
  listingsPageQueryOptions,
  useBulkArchive,
  useDeleteProperty,
  useDuplicateProperty,
  useRestoreProperty,
} from './api.ts';
import { DeletePropertyDialog } from './delete-property-dialog.tsx';
import { ListingsTable } from './listings-table.tsx';
import { ListingsBulkBar } from './listings-bulk-bar.tsx';
import { ListingsFilters } from './listings-filters.tsx';
import type { TPropertyDialog } from './property-dialog.tsx';

// The property form (uploads, image processing, selects, the map) loads when the dialog first opens:
// loaded with the route, its code held up the request for the rows.
const PropertyDialog = lazy(() =>
  import('./property-dialog.tsx').then((m) => ({ default: m.PropertyDialog })),
);
import { LISTINGS_PAGE_SIZES, listingsInput, type TListingsSearch } from './search.ts';
import '../../styles/more-components.css';

/**
 * Manage Listings (docs/product.md#admin-listings): the properties in a server-paged table whose search, filters, sort
 * and page live in the URL (docs/features.md#admin-back-office); add and edit in a large dialog, delete after a confirmation,
 * duplicate into the edit dialog. 'Archived' shows the homes a delete archived, with Restore.
 * `onDone` brings the page back to /admin/listings after a save or a cancel.
 */
export function ListingsPage({
  directAdmin,
  search,
  onSearch,
  onDone,
}: {
  directAdmin: boolean;
  search: TListingsSearch;
  onSearch: (patch: Partial<TListingsSearch>, resetPage?: boolean) => void;
  onDone: () => void;
}) {
  const input = listingsInput(search);
  const archived = input.status === 'archived';
  const shown = useQuery({ ...listingsPageQueryOptions(input), placeholderData: keepPreviousData });
  const [dialog, setDialog] = useState<TPropertyDialog>(null);
  const duplicate = useDuplicateProperty((copy) => setDialog({ mode: 'edit', property: copy }));
  const onSort = (sort: TAdminListingSort) =>
    onSearch({ sort, dir: input.sort === sort && input.dir === 'asc' ? 'desc' : 'asc' });
  const [toDelete, setToDelete] = useState<TProperty | null>(null);
  const remove = useDeleteProperty(directAdmin);
  const restore = useRestoreProperty();
  const [restoringId, setRestoringId] = useState<number | null>(null);
  // The selection belongs to the rows shown: a row that leaves the page (another page, a filter, a bulk
  // action) leaves the selection too.
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const rowIds = new Set(shown.data?.items.map((p) => p.id) ?? []);
  const selected = new Set([...picked].filter((id) => rowIds.has(id)));
  const onSelect = (ids: number[], on: boolean) =>
    setPicked((prev) => {
      const next = new Set([...prev].filter((id) => rowIds.has(id)));
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });
  const clearSelection = () => setPicked(new Set());
  const bulk = useBulkArchive(clearSelection);
  const [confirmArchive, setConfirmArchive] = useState(false);

  return (
    <Stack gap="md">
      <AdminPageHeader
        title="Manage Listings"
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ mode: 'create' })}>
            Add New Property
          </Button>
        }
      />
      <ListingsFilters search={search} onChange={onSearch} />
      {selected.size > 0 && (
        <ListingsBulkBar
          count={selected.size}
          archived={archived}
          busy={bulk.isPending}
          onArchive={() => setConfirmArchive(true)}
          onRestore={() => bulk.mutate({ ids: [...selected], action: 'restore' })}
          onClear={clearSelection}
        />
      )}
      {shown.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title="Failed to load properties"
          data-testid="listings-error"
        >
          {errorMessage(shown.error, 'Please try again later.')}
        </Alert>
      ) : (
        <Card withBorder padding={0}>
          <ListingsTable
            rows={shown.data?.items}
            archived={archived}
            sorting={{ sort: input.sort, dir: input.dir, onSort }}
            selection={{ selected, onSelect }}
            onEdit={(p) => setDialog({ mode: 'edit', property: p })}
            onDelete={setToDelete}
            onDuplicate={(p) => duplicate.mutate({ id: p.id })}
            duplicating={duplicate.isPending ? Number(duplicate.variables.id) : null}
            onRestore={(p) => {
              setRestoringId(p.id);
              restore.mutate({ id: p.id });
            }}
            restoring={restore.isPending ? restoringId : null}
          />
        </Card>
      )}
      {shown.data && (
        <TablePaging
          of={shown.data}
          sizes={LISTINGS_PAGE_SIZES}
          noun="properties"
          onSearch={onSearch}
          testId="listings-paging"
        />
      )}
      <MountOnFirstOpen opened={dialog !== null}>
        <PropertyDialog
          dialog={dialog}
          onClose={() => {
            setDialog(null);
            onDone();
          }}
        />
      </MountOnFirstOpen>
      <ConfirmDeleteModal
        opened={confirmArchive}
        title="Archive the selected listings?"
        onClose={() => setConfirmArchive(false)}
        onConfirm={() =>
          bulk.mutate(
            { ids: [...selected], action: 'archive' },
            { onSettled: () => setConfirmArchive(false) },
          )
        }
        loading={bulk.isPending}
        confirmLabel="Archive"
        centered
      >
        {`${selected.size} ${selected.size === 1 ? 'listing leaves' : 'listings leave'} the site and the search; their bookings are kept, and Archived can restore them.`}
      </ConfirmDeleteModal>
      <DeletePropertyDialog
        property={toDelete}
        loading={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete, { onSettled: () => setToDelete(null) })}
      />
    </Stack>
  );
}
