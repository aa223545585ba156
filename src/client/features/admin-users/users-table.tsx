import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import type { TAdminUser } from '#shared/schemas/admin-users.ts';
import { AdminTableBody } from '../../components/admin-table-body.tsx';
import type { TUserAction } from './user-action-modal.tsx';

const COLUMNS = ['Account', 'E-mail', 'Joined', 'Bookings', 'Role', 'Actions'];

interface TProps {
  items: TAdminUser[] | undefined;
  meId: number | undefined;
  busy: boolean;
  bookingsHref: (id: number) => string;
  onOpen: (href: string) => (e: MouseEvent<HTMLAnchorElement>) => void;
  onAction: (action: TUserAction) => void;
}

function UserRow({
  user: u,
  self,
  busy,
  bookingsHref,
  onOpen,
  onAction,
}: Omit<TProps, 'items' | 'meId'> & {
  user: TAdminUser;
  self: boolean;
}) {
  return (
    <Table.Tr data-testid="user-row" data-user-id={u.id}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {u.name || u.username}
        </Text>
        <Text size="xs" c="dimmed">
          @{u.username}
        </Text>
      </Table.Td>
      <Table.Td>{u.email}</Table.Td>
      <Table.Td>{new Date(u.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}</Table.Td>
      <Table.Td>
        <Anchor href={bookingsHref(u.id)} onClick={onOpen(bookingsHref(u.id))} size="sm">
          {u.bookings} {u.bookings === 1 ? 'booking' : 'bookings'}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {u.isAdmin ? (
            <Badge>Admin</Badge>
          ) : (
            <Badge variant="outline" color="gray">
              Guest
            </Badge>
          )}
          {u.disabled && <Badge color="red">Disabled</Badge>}
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-xs"
            variant="default"
            disabled={self || busy}
            title={self ? 'You cannot change your own role' : undefined}
            onClick={() => onAction({ user: u, kind: 'role' })}
          >
            {u.isAdmin ? 'Revoke admin' : 'Make admin'}
          </Button>
          {/* Enable is filled in a dark green: the light variant's green text fell below 4.5:1. */}
          <Button
            size="compact-xs"
            variant={u.disabled ? 'filled' : 'light'}
            color={u.disabled ? '#1e6b2e' : 'red'}
            disabled={self || busy}
            onClick={() => onAction({ user: u, kind: 'disable' })}
          >
            {u.disabled ? 'Enable' : 'Disable'}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The accounts table: skeleton rows while loading, an empty line, or one row per account. */
export function UsersTable({ items, meId, ...row }: TProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" fz="sm" data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <AdminTableBody
          items={items}
          cols={COLUMNS.length}
          empty="No accounts found"
          skeletonTestId="users-skeleton-row"
          renderRow={(u) => <UserRow key={u.id} user={u} self={meId === u.id} {...row} />}
        />
      </Table>
    </Table.ScrollContainer>
  );
}
