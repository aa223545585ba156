import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import type { TAdminBooking, TAdminBookingSort } from '#shared/schemas/admin.ts';
import { NewBookingDialog } from '../../components/operator-bookings/new-booking-dialog.tsx';
import { useHrefClick } from '../../lib/href-click.ts';
import { useDirectAdmin, useDirectAdminAccess } from '../../lib/direct-admin.ts';
import '../../styles/more-components.css';
import { bookingsPageQuery, useBulkBookingStatus, useUpdateBookingStatus } from './api.ts';
import { BulkBar } from './bulk-bar.tsx';
import { BookingsPaging } from './bookings-paging.tsx';
import { BookingDrawer } from './booking-drawer.tsx';
import { BookingsFilters } from './bookings-filters.tsx';
import { BookingsTable } from './bookings-table.tsx';
import { bookingsListError } from './format.ts';
import { exportHref, filterOf, type TBookingsSearch } from './search.ts';
import { StatusConfirmModal, type TPendingStatusChange } from './status-confirm-modal.tsx';

/** Manage Bookings (docs/product.md#admin-bookings) as a server-side table whose whole state is in the URL (docs/features.md#admin-back-office). */
export function BookingsPage({ search }: { search: TBookingsSearch }) {
  const directAdmin = useDirectAdmin();
  const directAccess = useDirectAdminAccess();
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const filter = filterOf(search);
  const bookings = useQuery(bookingsPageQuery(search));
  const [selected, setSelected] = useState<Map<number, TAdminBooking>>(new Map());
  const [pending, setPending] = useState<TPendingStatusChange | null>(null);
  const [entering, setEntering] = useState(false);
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
  const openProperty = useHrefClick();
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
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>All Bookings</Title>
          <Text c="dimmed">View and manage all bookings across all properties</Text>
          {directAccess && (
            <Text size="sm" c="blue" mt={4}>
              Using direct admin access
            </Text>
          )}
        </div>
        {/* A booking taken by phone, a walk-in or an owner's stay (docs/booking-operations.md#operator-bookings). */}
        <Button onClick={() => setEntering(true)}>New booking</Button>
      </Group>

      <BookingsFilters search={search} onChange={onFilter} exportHref={exportHref(search, directAdmin)} />

      {chosen.length > 0 && (
        <BulkBar
          chosen={chosen}
          onAsk={(status) => ask(status, chosen)}
          onClear={() => setSelected(new Map())}
        />
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
        <BookingsPaging
          data={data}
          pages={pages}
          page={page}
          onPage={(next) => setSearch({ page: next > 1 ? next : undefined }, false)}
        />
      )}

      <StatusConfirmModal
        change={pending}
        busy={bulk.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (pending) bulk.mutate({ ids: pending.bookings.map((b) => b.id), status: pending.status });
        }}
      />
      <NewBookingDialog
        opened={entering}
        start={{}}
        onClose={() => setEntering(false)}
        onCreated={(id) => setSearch({ booking: id }, false)}
      />
      <BookingDrawer bookingId={search.booking} onClose={() => setSearch({ booking: undefined }, false)} />
    </Stack>
  );
}
