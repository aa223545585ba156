import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FilterSearch, FilterSelect } from '../../components/table-controls.tsx';
import { TablePager } from '../../components/table-pager.tsx';
import { useHrefClick } from '../../lib/href-click.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useDirectAdmin } from '../../lib/direct-admin.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { usersPageQuery, useUserMutations, type TUsersSearch } from './api.ts';
import { UserActionModal, type TUserAction } from './user-action-modal.tsx';
import { UsersTable } from './users-table.tsx';

/** Guests (docs/features.md#admin-back-office): accounts, their bookings, admin role and disabling, all server-paged. */
export function UsersPage({ search }: { search: TUsersSearch }) {
  const navigate = useNavigate();
  const directAdmin = useDirectAdmin();
  const { user: me } = useAuth();
  const page = search.page ?? 1;
  const users = useQuery(usersPageQuery(search));
  const { setAdmin, setDisabled } = useUserMutations();
  const [action, setAction] = useState<TUserAction | null>(null);
  const setSearch = (patch: Partial<TUsersSearch>) =>
    void navigate({
      to: '/admin/users',
      search: (prev: TUsersSearch) => ({ ...prev, page: undefined, ...patch }),
    });

  const bookingsHref = (id: number) =>
    `/admin/bookings?userId=${id}${directAdmin ? '&directAdmin=true' : ''}`;
  const go = useHrefClick();
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
        <FilterSearch
          placeholder="Username, e-mail or name"
          value={search.q}
          onChange={(q) => setSearch({ q })}
          width={280}
        />
        <FilterSelect
          label="Role"
          placeholder="All accounts"
          data={[
            { value: 'admin', label: 'Admins' },
            { value: 'guest', label: 'Guests' },
          ]}
          value={search.role}
          onChange={(role) => setSearch({ role })}
          w={{ base: '100%', xs: 160 }}
        />
      </Group>
      {users.isError ? (
        <Alert color="red" title="Failed to load accounts">
          {errorMessage(users.error, 'Please try again later.')}
        </Alert>
      ) : (
        <Card withBorder padding={0}>
          <UsersTable
            items={data?.items}
            meId={me?.id}
            busy={busy}
            bookingsHref={bookingsHref}
            onOpen={go}
            onAction={setAction}
          />
        </Card>
      )}
      {data && data.total > data.pageSize && (
        <Group justify="flex-end">
          <TablePager
            pages={pages}
            page={page}
            onPage={(next) =>
              void navigate({
                to: '/admin/users',
                search: (prev: TUsersSearch) => ({ ...prev, page: next > 1 ? next : undefined }),
              })
            }
          />
        </Group>
      )}
      <UserActionModal
        action={action}
        busy={busy}
        onClose={() => setAction(null)}
        onConfirm={confirmAction}
      />
    </Stack>
  );
}
