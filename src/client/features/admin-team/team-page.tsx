import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { lazyRetry } from '../../lib/lazy-retry.tsx';
import { STAFF_ROLE_LABELS } from '#shared/schemas/staff-role.ts';
import type { TStaffMember } from '#shared/schemas/staff.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useFocusReturn } from '../../lib/focus-return.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { AccessModal, type TAccessValues } from './access-modal.tsx';
import { staffQuery, useStaffMutations } from './api/team.ts';
import { DefaultHousekeepers } from './default-housekeepers.tsx';

const PayModal = lazyRetry(() => import('./pay-modal.tsx').then((m) => ({ default: m.PayModal })));

function homesText(homes: { title: string }[], role: TStaffMember['role']): string {
  if (role === 'owner-operator') return 'Every home';
  return homes.length === 0 ? 'No homes yet' : homes.map((h) => h.title).join(', ');
}

/** The team (docs/staff.md): who works here, in which role and for which homes, and who is invited. */
export function TeamPage() {
  const { user: me } = useAuth();
  const staff = useQuery(staffQuery());
  const { invite, update } = useStaffMutations();
  const [editing, setEditing] = useState<TStaffMember | 'new' | null>(null);
  const [paying, setPaying] = useState<TStaffMember | null>(null);
  useFocusReturn(editing !== null || paying !== null);
  const close = () => setEditing(null);
  const submit = (values: TAccessValues) => {
    const done = { onSuccess: close };
    if (editing === 'new')
      invite.mutate(
        {
          email: values.email,
          name: values.name || undefined,
          role: values.role,
          propertyIds: values.propertyIds,
        },
        done,
      );
    else if (editing)
      update.mutate({ id: editing.id, role: values.role, propertyIds: values.propertyIds }, done);
  };
  const data = staff.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Team</Title>
          <Text c="dimmed">Who works here, in which role, and for which homes</Text>
        </div>
        <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          Invite
        </Button>
      </Group>
      {staff.isError ? (
        <Alert color="red" title="Failed to load the team">
          {errorMessage(staff.error, 'Please try again later.')}
        </Alert>
      ) : (
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" data-testid="team-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Homes</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data?.items.map((m) => (
                  <Table.Tr key={m.id} data-testid={`team-member-${m.id}`}>
                    <Table.Td>
                      <Text fw={500}>{m.name ?? m.username}</Text>
                      <Text size="sm" c="dimmed">
                        {m.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light">{STAFF_ROLE_LABELS[m.role]}</Badge>
                      {m.disabled && (
                        <Badge color="gray" ml={4}>
                          Disabled
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{homesText(m.homes, m.role)}</Text>
                    </Table.Td>
                    <Table.Td>
                      {m.id !== me?.id && (
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          {m.role === 'housekeeper' && (
                            <Button
                              size="xs"
                              variant="default"
                              onClick={() => setPaying(m)}
                              aria-label={`Pay of ${m.name ?? m.username}`}
                            >
                              Pay
                            </Button>
                          )}
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setEditing(m)}
                            aria-label={`Change access of ${m.name ?? m.username}`}
                          >
                            Change access
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            loading={update.isPending && update.variables?.id === m.id}
                            onClick={() => update.mutate({ id: m.id, role: null })}
                            aria-label={`Remove ${m.name ?? m.username} from the team`}
                          >
                            Remove
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {data && data.invitations.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h3">
            Invitations
          </Title>
          <Card withBorder padding={0}>
            <Table verticalSpacing="sm" data-testid="team-invitations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Homes</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.invitations.map((i) => (
                  <Table.Tr key={i.id}>
                    <Table.Td>{i.email}</Table.Td>
                    <Table.Td>{STAFF_ROLE_LABELS[i.role]}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{homesText(i.homes, i.role)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        </Stack>
      )}
      {data && <DefaultHousekeepers members={data.items} />}
      {paying && (
        <Suspense fallback={null}>
          <PayModal member={paying} onClose={() => setPaying(null)} />
        </Suspense>
      )}
      {editing && (
        <AccessModal
          opened
          member={editing === 'new' ? null : editing}
          busy={invite.isPending || update.isPending}
          onClose={close}
          onSubmit={submit}
        />
      )}
    </Stack>
  );
}
