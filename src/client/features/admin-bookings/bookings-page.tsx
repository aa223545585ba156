import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  HoverCard,
  Menu,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconDots, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import type { TBookingStatus } from '../../../shared/constants.ts';
import { formatIsoDate, isValidIsoDate } from '../../../shared/dates.ts';
import { ADMIN_BOOKINGS_PAGE_SIZE, type TAdminBooking } from '../../../shared/schemas/admin.ts';
import { useDirectAdmin, useDirectAdminAccess } from '../../lib/direct-admin.ts';
import { errorMessage, errorStatus, trpc } from '../../lib/trpc.ts';
import { formatMoney } from '../../../shared/money.ts';
import '../../styles/more-components.css';

/** Short month, day and year, or 'N/A' (admin-side §2.7). */
export function bookingDate(value: string | null | undefined): string {
  return value && isValidIsoDate(value) ? formatIsoDate(value, true) : 'N/A';
}

/** The list failure texts of admin-side §8. */
export function bookingsListError(err: unknown, directAdmin: boolean): string {
  if (errorStatus(err) === 401) return 'Authentication required';
  return directAdmin
    ? `Failed to fetch bookings: ${errorMessage(err, 'Unknown error')}`
    : 'Failed to fetch bookings';
}

/** The status update failure texts of admin-side §8; a date clash says so (DECISIONS 5). */
export function statusUpdateError(err: unknown, directAdmin: boolean): string {
  const status = errorStatus(err);
  if (status === 401) return 'Authentication required';
  if (status === 409) return errorMessage(err, 'These dates are no longer available');
  return directAdmin
    ? `Failed to update booking: ${errorMessage(err, 'Unknown error')}`
    : 'Failed to update booking status';
}

function StatusBadge({ status }: { status: TBookingStatus }) {
  if (status === 'confirmed') {
    return (
      <Badge color="green" variant="filled" miw={100} data-testid="status-badge">
        Confirmed
      </Badge>
    );
  }
  if (status === 'cancelled') {
    return (
      <Badge color="red" variant="filled" miw={100} data-testid="status-badge">
        Cancelled
      </Badge>
    );
  }
  return (
    <Badge color="gray" variant="outline" miw={100} data-testid="status-badge">
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
        <Stack gap={0} style={{ cursor: 'default' }} data-testid="guest-cell">
          <Text size="sm" fw={500}>
            {c.name}
          </Text>
          <Text size="xs" c="dimmed">
            {c.email}
          </Text>
        </Stack>
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

export function BookingsPage({ page }: { page: number }) {
  const directAdmin = useDirectAdmin();
  const directAccess = useDirectAdminAccess();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const listInput = { page, pageSize: ADMIN_BOOKINGS_PAGE_SIZE };
  const bookings = useQuery(trpc.bookings.page.queryOptions(listInput, { staleTime: 0 }));

  const update = useMutation(
    trpc.bookings.updateStatus.mutationOptions({
      onSuccess: async () => {
        notifications.show({
          title: 'Booking updated',
          message: 'The booking status has been updated successfully.',
          color: 'green',
        });
        await Promise.all([
          queryClient.invalidateQueries(trpc.bookings.page.pathFilter()),
          queryClient.invalidateQueries(trpc.admin.dashboard.pathFilter()),
        ]);
      },
      onError: (err) => {
        notifications.show({ title: 'Error', message: statusUpdateError(err, directAdmin), color: 'red' });
      },
    }),
  );

  const goToPage = (next: number) => {
    void navigate({
      to: '/admin/bookings',
      search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }),
    });
  };
  const openProperty = (href: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    void navigate({ href });
  };

  const data = bookings.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

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
          <Table.ScrollContainer minWidth={1040}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="bookings-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>ID</Table.Th>
                  <Table.Th>Property</Table.Th>
                  <Table.Th>Guest</Table.Th>
                  <Table.Th>Check In</Table.Th>
                  <Table.Th>Check Out</Table.Th>
                  <Table.Th>Guests</Table.Th>
                  <Table.Th>Total</Table.Th>
                  <Table.Th w={120}>Status</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!data ? (
                  Array.from({ length: 5 }, (_, i) => (
                    <Table.Tr key={i}>
                      {Array.from({ length: 9 }, (_, j) => (
                        <Table.Td key={j}>
                          <Skeleton h={18} />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                ) : data.items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={9}>
                      <Text ta="center" c="dimmed" py="lg">
                        No bookings found
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  data.items.map((b) => {
                    const href = `/property/${b.propertyId}`;
                    const busy = update.isPending;
                    return (
                      <Table.Tr key={b.id} data-testid="booking-row" data-booking-id={b.id}>
                        <Table.Td>#{b.id}</Table.Td>
                        <Table.Td maw={240}>
                          <Anchor href={href} onClick={openProperty(href)} size="sm" lineClamp={2}>
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
                                disabled={busy || b.status === 'confirmed'}
                                onClick={() => update.mutate({ id: b.id, status: 'confirmed' })}
                              >
                                Confirm
                              </Menu.Item>
                              <Menu.Item
                                leftSection={<IconX size={16} />}
                                color="red"
                                disabled={busy || b.status === 'cancelled'}
                                onClick={() => update.mutate({ id: b.id, status: 'cancelled' })}
                              >
                                Cancel
                              </Menu.Item>
                            </Menu.Dropdown>
                          </Menu>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}

      {data && data.total > data.pageSize && (
        <Group justify="space-between" data-testid="bookings-paging">
          <Text size="sm" c="dimmed">
            Showing {(data.page - 1) * data.pageSize + 1}–{Math.min(data.page * data.pageSize, data.total)} of{' '}
            {data.total}
          </Text>
          <Pagination total={pages} value={Math.min(page, pages)} onChange={goToPage} />
        </Group>
      )}
    </Stack>
  );
}
