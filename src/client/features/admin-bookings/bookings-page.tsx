import { Alert, Button, Card, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState, type MouseEvent } from 'react';
import {
  ADMIN_BOOKINGS_PAGE_SIZE,
  type TAdminBooking,
  type TAdminBookingSort,
} from '../../../shared/schemas/admin.ts';
import { useDirectAdmin, useDirectAdminAccess } from '../../lib/direct-admin.ts';
import { trpc } from '../../lib/trpc.ts';
import '../../styles/more-components.css';
import { useBulkBookingStatus, useUpdateBookingStatus } from './api.ts';
import { BookingDrawer } from './booking-drawer.tsx';
import { BookingsFilters } from './bookings-filters.tsx';
import { BookingsTable } from './bookings-table.tsx';
import { bookingsListError } from './format.ts';
import { exportHref, filterOf, type TBookingsSearch } from './search.ts';
import { StatusConfirmModal, type TPendingStatusChange } from './status-confirm-modal.tsx';

/** Manage Bookings (admin-side §2.7) as a server-side table whose whole state is in the URL (issue 17). */
export function BookingsPage({ search }: { search: TBookingsSearch }) {
  const directAdmin = useDirectAdmin();
  const directAccess = useDirectAdminAccess();
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const filter = filterOf(search);
  const bookings = useQuery({
    ...trpc.bookings.page.queryOptions(
      { ...filter, page, pageSize: ADMIN_BOOKINGS_PAGE_SIZE },
      { staleTime: 0 },
    ),
    placeholderData: keepPreviousData,
  });
  const [selected, setSelected] = useState<Map<number, TAdminBooking>>(new Map());
  const [pending, setPending] = useState<TPendingStatusChange | null>(null);
  const update = useUpdateBookingStatus(directAdmin);
  const bulk = useBulkBookingStatus(directAdmin, () => {
    setPending(null);
    setSelected(new Map());
  });

  const setSearch = useCallback(
    (patch: Partial<TBookingsSearch>, resetPage = true) => {
      void navigate({
        from: '/admin/bookings',
        to: '/admin/bookings',
        search: (prev) => ({ ...prev, ...(resetPage ? { page: undefined } : {}), ...patch }),
      });
    },
    [navigate],
  );
  const onFilter = useCallback(
    (patch: Partial<TBookingsSearch>) => {
      setSelected(new Map());
      setSearch(patch);
    },
    [setSearch],
  );
  const onSort = (sort: TAdminBookingSort) => {
    const dir = filter.sort === sort && filter.dir === 'desc' ? 'asc' : 'desc';
    setSearch({ sort, dir });
  };
  const openProperty = (href: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    void navigate({ href });
  };
  const data = bookings.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const onSelect = (ids: number[], on: boolean) => {
    setSelected((prev) => {
      const next = new Map(prev);
      for (const id of ids) {
        const b = data?.items.find((x) => x.id === id);
        if (on && b) next.set(id, b);
        else next.delete(id);
      }
      return next;
    });
  };
  const chosen = [...selected.values()];
  const ask = (status: 'confirmed' | 'cancelled', list: TAdminBooking[]) => {
    const relevant = list.filter((b) => b.status !== status);
    if (relevant.length > 0) setPending({ status, bookings: relevant });
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>All Bookings</Title>
        <Text c="dimmed">View and manage all bookings across all properties</Text>
        {directAccess && (
          <Text size="sm" c="blue" mt={4}>
            Using direct admin access
          </Text>
        )}
      </div>

      <BookingsFilters search={search} onChange={onFilter} exportHref={exportHref(search, directAdmin)} />

      {chosen.length > 0 && (
        <Group gap="sm" data-testid="bulk-bar">
          <Text size="sm" fw={500}>
            {chosen.length} selected
          </Text>
          <Button
            size="xs"
            leftSection={<IconCheck size={14} aria-hidden />}
            onClick={() => ask('confirmed', chosen)}
            disabled={chosen.every((b) => b.status === 'confirmed')}
          >
            Confirm selected
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => ask('cancelled', chosen)}
            disabled={chosen.every((b) => b.status === 'cancelled')}
          >
            Cancel selected
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setSelected(new Map())}>
            Clear selection
          </Button>
        </Group>
      )}

      {bookings.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconInfoCircle />}
          title="Failed to load bookings"
          data-testid="bookings-error"
        >
          <Text size="sm">{bookingsListError(bookings.error, directAdmin)}</Text>
          <Text size="sm">Please try again later.</Text>
        </Alert>
      ) : (
        <Card withBorder padding={0}>
          <BookingsTable
            items={data?.items}
            sort={filter.sort}
            dir={filter.dir}
            onSort={onSort}
            selected={new Set(selected.keys())}
            onSelect={onSelect}
            busy={update.isPending || bulk.isPending}
            onOpen={(id) => setSearch({ booking: id }, false)}
            onStatus={(b, status) =>
              status === 'cancelled' ? ask('cancelled', [b]) : update.mutate({ id: b.id, status })
            }
            onPropertyClick={openProperty}
          />
        </Card>
      )}

      {data && (
        <Group justify="space-between" data-testid="bookings-paging">
          <Text size="sm" c="dimmed">
            {data.total === 0
              ? '0 bookings'
              : `Showing ${(data.page - 1) * data.pageSize + 1}–${Math.min(data.page * data.pageSize, data.total)} of ${data.total}`}
          </Text>
          {data.total > data.pageSize && (
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={(next) => setSearch({ page: next > 1 ? next : undefined }, false)}
              getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
              getControlProps={(control) => ({
                'aria-label': {
                  first: 'First page',
                  last: 'Last page',
                  next: 'Next page',
                  previous: 'Previous page',
                }[control],
              })}
            />
          )}
        </Group>
      )}

      <StatusConfirmModal
        change={pending}
        busy={bulk.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (pending) bulk.mutate({ ids: pending.bookings.map((b) => b.id), status: pending.status });
        }}
      />
      <BookingDrawer bookingId={search.booking} onClose={() => setSearch({ booking: undefined }, false)} />
    </Stack>
  );
}
