import {
  ActionIcon,
  Anchor,
  Badge,
  Checkbox,
  Group,
  HoverCard,
  Menu,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconChevronDown, IconChevronUp, IconDots, IconEye, IconX } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import type { TBookingStatus } from '../../../shared/constants.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { TAdminBooking, TAdminBookingSort } from '../../../shared/schemas/admin.ts';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { bookingDate } from './format.ts';

function StatusBadge({ status }: { status: TBookingStatus }) {
  if (status === 'confirmed')
    return (
      <Badge color="#1e6b2e" variant="filled" data-testid="status-badge">
        Confirmed
      </Badge>
    );
  if (status === 'cancelled')
    return (
      <Badge color="red.9" variant="filled" data-testid="status-badge">
        Cancelled
      </Badge>
    );
  return (
    <Badge color="gray" variant="outline" data-testid="status-badge">
      Pending
    </Badge>
  );
}

function GuestCell({ booking }: { booking: TAdminBooking }) {
  const c = booking.contactInfo;
  if (!c) {
    const name =
      booking.user?.name ||
      booking.user?.username ||
      (booking.userId !== null ? `User #${booking.userId}` : 'Guest');
    return <Text size="sm">{name}</Text>;
  }
  const rows: [string, string][] = [
    ['Name', c.name],
    ['Email', c.email],
    ['Phone', c.phone ?? ''],
    ['Country', c.country ?? ''],
    ['Special Requests', c.specialRequests?.trim() ? c.specialRequests : 'None'],
  ];
  return (
    <HoverCard width={300} shadow="md" withArrow openDelay={150} position="bottom-start">
      <HoverCard.Target>
        {/* A button, so the contact card (aria-expanded) has a role and a keyboard user can reach it. */}
        <UnstyledButton data-testid="guest-cell" maw={200} style={{ display: 'block' }}>
          <Text size="sm" fw={500} truncate>
            {c.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {c.email}
          </Text>
        </UnstyledButton>
      </HoverCard.Target>
      <HoverCard.Dropdown data-testid="guest-hovercard">
        <Stack gap={6}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text size="xs" c="dimmed" fw={600}>
                {label}
              </Text>
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {value}
              </Text>
            </div>
          ))}
        </Stack>
      </HoverCard.Dropdown>
    </HoverCard>
  );
}

const COLUMNS: { label: string; sort?: TAdminBookingSort }[] = [
  { label: 'ID', sort: 'id' },
  { label: 'BIC' },
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

/** Clicks on links, buttons, checkboxes and menus inside a row do their own thing, not open the drawer. */
function fromControl(e: MouseEvent): boolean {
  return (e.target as HTMLElement).closest('a, button, input, [role="menu"], [role="menuitem"]') !== null;
}

export function BookingsTable(p: TBookingsTableProps) {
  const ids = p.items?.map((b) => b.id) ?? [];
  const all = ids.length > 0 && ids.every((id) => p.selected.has(id));
  const some = ids.some((id) => p.selected.has(id));
  return (
    <Table.ScrollContainer minWidth={940}>
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
        <Table.Tbody>
          {!p.items ? (
            <TableSkeleton rows={5} cols={COLUMNS.length + 1} testId="bookings-skeleton-row" />
          ) : p.items.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length + 1}>
                <Text ta="center" c="dimmed" py="lg">
                  No bookings found
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            p.items.map((b) => {
              const href = `/property/${b.propertyId}`;
              return (
                <Table.Tr
                  key={b.id}
                  data-testid="booking-row"
                  data-booking-id={b.id}
                  style={{ cursor: 'pointer' }}
                  onClick={(e) => {
                    if (!fromControl(e)) p.onOpen(b.id);
                  }}
                >
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select booking #${b.id}`}
                      checked={p.selected.has(b.id)}
                      onChange={(e) => p.onSelect([b.id], e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>#{b.id}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="booking-bic">
                    {b.confirmationNumber}
                  </Table.Td>
                  <Table.Td maw={170}>
                    <Anchor href={href} onClick={p.onPropertyClick(href)} size="sm" lineClamp={2}>
                      {b.property.title || `Property #${b.propertyId}`}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <GuestCell booking={b} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{bookingDate(b.checkIn)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{bookingDate(b.checkOut)}</Table.Td>
                  <Table.Td>{b.guests}</Table.Td>
                  <Table.Td>{formatMoney(b.totalPrice)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <StatusBadge status={b.status} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Details of booking #${b.id}`}
                        onClick={() => p.onOpen(b.id)}
                      >
                        <IconEye size={18} />
                      </ActionIcon>
                      <Menu position="bottom-end" withinPortal shadow="md">
                        <Menu.Target>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Actions for booking #${b.id}`}
                          >
                            <IconDots size={18} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item
                            leftSection={<IconCheck size={16} />}
                            disabled={p.busy || b.status === 'confirmed'}
                            onClick={() => p.onStatus(b, 'confirmed')}
                          >
                            Confirm
                          </Menu.Item>
                          <Menu.Item
                            leftSection={<IconX size={16} />}
                            color="red"
                            disabled={p.busy || b.status === 'cancelled'}
                            onClick={() => p.onStatus(b, 'cancelled')}
                          >
                            Cancel
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
