import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type MouseEvent } from 'react';
import { ADMIN_USERS_PAGE_SIZE, type TAdminUser } from '../../../shared/schemas/admin-users.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useDirectAdmin } from '../../lib/direct-admin.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useUserMutations } from './api.ts';

export interface TUsersSearch {
  page?: number;
  q?: string;
  role?: 'admin' | 'guest';
}

type TAction = { user: TAdminUser; kind: 'role' | 'disable' };

/** Guests (issue 17): accounts, their bookings, admin role and disabling, all server-paged. */
export function UsersPage({ search }: { search: TUsersSearch }) {
  const navigate = useNavigate();
  const directAdmin = useDirectAdmin();
  const { user: me } = useAuth();
  const page = search.page ?? 1;
  const users = useQuery({
    ...trpc.admin.users.queryOptions({
      page,
      pageSize: ADMIN_USERS_PAGE_SIZE,
      q: search.q,
      role: search.role,
    }),
    placeholderData: keepPreviousData,
  });
  const { setAdmin, setDisabled } = useUserMutations();
  const [action, setAction] = useState<TAction | null>(null);
  const [q, setQ] = useState(search.q ?? '');
  const setSearch = (patch: Partial<TUsersSearch>) =>
    void navigate({
      to: '/admin/users',
      search: (prev: TUsersSearch) => ({ ...prev, page: undefined, ...patch }),
    });
  useEffect(() => {
    const t = setTimeout(() => {
      if ((search.q ?? '') !== q.trim())
        void navigate({
          to: '/admin/users',
          search: (prev: TUsersSearch) => ({ ...prev, page: undefined, q: q.trim() || undefined }),
        });
    }, 350);
    return () => clearTimeout(t);
  }, [q, search.q, navigate]);

  const bookingsHref = (id: number) =>
    `/admin/bookings?userId=${id}${directAdmin ? '&directAdmin=true' : ''}`;
  const go = (href: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    void navigate({ href });
  };
  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const busy = setAdmin.isPending || setDisabled.isPending;

  const confirmAction = () => {
    if (!action) return;
    const done = { onSuccess: () => setAction(null) };
    if (action.kind === 'role') setAdmin.mutate({ id: action.user.id, isAdmin: !action.user.isAdmin }, done);
    else setDisabled.mutate({ id: action.user.id, disabled: !action.user.disabled }, done);
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Guests</Title>
        <Text c="dimmed">Accounts, their bookings and their access</Text>
      </div>
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Search"
          placeholder="Username, e-mail or name"
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        <Select
          label="Role"
          placeholder="All accounts"
          data={[
            { value: 'admin', label: 'Admins' },
            { value: 'guest', label: 'Guests' },
          ]}
          value={search.role ?? null}
          onChange={(v) => setSearch({ role: (v as TUsersSearch['role']) ?? undefined })}
          clearable
          w={{ base: '100%', xs: 160 }}
        />
      </Group>
      {users.isError ? (
        <Alert color="red" title="Failed to load accounts">
          {errorMessage(users.error, 'Please try again later.')}
        </Alert>
      ) : (
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="xs" fz="sm" data-testid="users-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Joined</Table.Th>
                  <Table.Th>Bookings</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!data ? (
                  Array.from({ length: 5 }, (_, i) => (
                    <Table.Tr key={i}>
                      {Array.from({ length: 6 }, (_, j) => (
                        <Table.Td key={j}>
                          <Skeleton h={18} />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                ) : data.items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <Text ta="center" c="dimmed" py="lg">
                        No accounts found
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  data.items.map((u) => {
                    const self = me?.id === u.id;
                    return (
                      <Table.Tr key={u.id} data-testid="user-row" data-user-id={u.id}>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {u.name || u.username}
                          </Text>
                          <Text size="xs" c="dimmed">
                            @{u.username}
                          </Text>
                        </Table.Td>
                        <Table.Td>{u.email}</Table.Td>
                        <Table.Td>
                          {new Date(u.createdAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
                        </Table.Td>
                        <Table.Td>
                          <Anchor href={bookingsHref(u.id)} onClick={go(bookingsHref(u.id))} size="sm">
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
                              onClick={() => setAction({ user: u, kind: 'role' })}
                            >
                              {u.isAdmin ? 'Revoke admin' : 'Make admin'}
                            </Button>
                            <Button
                              size="compact-xs"
                              variant="light"
                              color={u.disabled ? 'green' : 'red'}
                              disabled={self || busy}
                              onClick={() => setAction({ user: u, kind: 'disable' })}
                            >
                              {u.disabled ? 'Enable' : 'Disable'}
                            </Button>
                          </Group>
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
        <Group justify="flex-end">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(next) =>
              void navigate({
                to: '/admin/users',
                search: (prev: TUsersSearch) => ({ ...prev, page: next > 1 ? next : undefined }),
              })
            }
          />
        </Group>
      )}
      <Modal
        opened={action !== null}
        onClose={() => setAction(null)}
        title={
          action?.kind === 'role'
            ? action.user.isAdmin
              ? 'Revoke admin?'
              : 'Make admin?'
            : action?.user.disabled
              ? 'Enable account?'
              : 'Disable account?'
        }
        centered
      >
        {action && (
          <Stack>
            <Text size="sm">
              {action.kind === 'role'
                ? action.user.isAdmin
                  ? `${action.user.username} will lose access to the admin area and be signed out.`
                  : `${action.user.username} will be able to manage every listing, booking and setting, after signing in again.`
                : action.user.disabled
                  ? `${action.user.username} will be able to sign in again.`
                  : `${action.user.username} will be signed out everywhere and cannot sign in until enabled again.`}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAction(null)}>
                Keep as is
              </Button>
              <Button
                color={action.kind === 'disable' && !action.user.disabled ? 'red' : undefined}
                loading={busy}
                onClick={confirmAction}
              >
                Yes, continue
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
