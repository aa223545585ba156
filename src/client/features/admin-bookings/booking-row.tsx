import { ActionIcon, Anchor, Badge, Checkbox, Group, Menu, Table, Text } from '@mantine/core';
import { IconCheck, IconDots, IconEye, IconX } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { formatMoney } from '#shared/money.ts';
import { BALANCE_CHARGE_FAILED } from '#shared/damage-deposit.ts';
import type { TAdminBooking } from '#shared/schemas/admin.ts';
import { GuestCell, StatusBadge } from './booking-cells.tsx';
import type { TBookingsTableProps } from './bookings-table.tsx';
import { bookingDate } from './format.ts';

/** Clicks on links, buttons, checkboxes and menus inside a row do their own thing, not open the drawer. */
function fromControl(e: MouseEvent): boolean {
  return (e.target as HTMLElement).closest('a, button, input, [role="menu"], [role="menuitem"]') !== null;
}

/** One booking: a click on the row (outside its controls) opens the drawer. */
export function BookingRow({
  booking: b,
  selected,
  onSelect,
  busy,
  onOpen,
  onStatus,
  onPropertyClick,
}: Pick<TBookingsTableProps, 'busy' | 'onOpen' | 'onStatus' | 'onPropertyClick'> & {
  booking: TAdminBooking;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const href = `/property/${b.propertyId}`;
  return (
    <Table.Tr
      data-testid="booking-row"
      data-booking-id={b.id}
      style={{ cursor: 'pointer' }}
      onClick={(e) => {
        if (!fromControl(e)) onOpen(b.id);
      }}
    >
      <Table.Td>
        <Checkbox
          aria-label={`Select booking #${b.id}`}
          checked={selected}
          onChange={(e) => onSelect(e.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        #{b.id}
        <Text size="xs" c="dimmed" data-testid="booking-bic">
          {b.confirmationNumber}
        </Text>
      </Table.Td>
      <Table.Td maw={140}>
        <Anchor href={href} onClick={onPropertyClick(href)} size="sm" lineClamp={2}>
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
        {b.balanceChargeFailed && (
          <Badge color="red.9" variant="light" ml={4} data-testid="balance-charge-failed-badge">
            {BALANCE_CHARGE_FAILED}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Details of booking #${b.id}`}
            onClick={() => onOpen(b.id)}
          >
            <IconEye size={18} />
          </ActionIcon>
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for booking #${b.id}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconCheck size={16} />}
                disabled={busy || b.status === 'confirmed'}
                onClick={() => onStatus(b, 'confirmed')}
              >
                Confirm
              </Menu.Item>
              <Menu.Item
                leftSection={<IconX size={16} />}
                color="red"
                disabled={busy || b.status === 'cancelled'}
                onClick={() => onStatus(b, 'cancelled')}
              >
                Cancel
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
