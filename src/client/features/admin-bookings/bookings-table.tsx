import { Checkbox, Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import type { TAdminBooking, TAdminBookingSort } from '#shared/schemas/admin.ts';
import { AdminTableBody } from '../../components/admin-table-body.tsx';
import { BookingRow } from './booking-row.tsx';

const COLUMNS: { label: string; sort?: TAdminBookingSort }[] = [
  // The confirmation number sits under the ID: one column less keeps the table inside a 1280 px screen.
  { label: 'ID', sort: 'id' },
  { label: 'Property' },
  { label: 'Guest' },
  { label: 'Check In', sort: 'checkIn' },
  { label: 'Check Out', sort: 'checkOut' },
  { label: 'Guests', sort: 'guests' },
  { label: 'Total', sort: 'total' },
  { label: 'Status', sort: 'status' },
  { label: 'Actions' },
];

export interface TBookingsTableProps {
  items: TAdminBooking[] | undefined;
  sort: TAdminBookingSort;
  dir: 'asc' | 'desc';
  onSort: (sort: TAdminBookingSort) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], on: boolean) => void;
  busy: boolean;
  onOpen: (id: number) => void;
  onStatus: (booking: TAdminBooking, status: 'confirmed' | 'cancelled') => void;
  onPropertyClick: (href: string) => (e: MouseEvent<HTMLAnchorElement>) => void;
}

export function BookingsTable(p: TBookingsTableProps) {
  const ids = p.items?.map((b) => b.id) ?? [];
  const all = ids.length > 0 && ids.every((id) => p.selected.has(id));
  const some = ids.some((id) => p.selected.has(id));
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" highlightOnHover data-testid="bookings-table" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox
                aria-label="Select all bookings on this page"
                checked={all}
                indeterminate={some && !all}
                onChange={(e) => p.onSelect(ids, e.currentTarget.checked)}
              />
            </Table.Th>
            {COLUMNS.map((c) => {
              const active = c.sort !== undefined && c.sort === p.sort;
              return (
                <Table.Th
                  key={c.label}
                  aria-sort={active ? (p.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {c.sort ? (
                    <UnstyledButton onClick={() => p.onSort(c.sort!)} fw={700} fz="sm">
                      <Group gap={2} wrap="nowrap">
                        {c.label}
                        {active &&
                          (p.dir === 'asc' ? (
                            <IconChevronUp size={14} aria-hidden />
                          ) : (
                            <IconChevronDown size={14} aria-hidden />
                          ))}
                      </Group>
                    </UnstyledButton>
                  ) : (
                    c.label
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <AdminTableBody
          items={p.items}
          cols={COLUMNS.length + 1}
          empty="No bookings found"
          skeletonTestId="bookings-skeleton-row"
          renderRow={(b) => (
            <BookingRow
              key={b.id}
              booking={b}
              selected={p.selected.has(b.id)}
              onSelect={(on) => p.onSelect([b.id], on)}
              busy={p.busy}
              onOpen={p.onOpen}
              onStatus={p.onStatus}
              onPropertyClick={p.onPropertyClick}
            />
          )}
        />
      </Table>
    </Table.ScrollContainer>
  );
}
