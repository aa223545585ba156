import { Alert, Button, Card, Group, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TStaffMember } from '#shared/schemas/staff.ts';
import { errorMessage } from '../../lib/trpc.ts';
import { defaultHousekeepersQuery, useHomeOptions, useSetDefaultHousekeeper } from './api/team.ts';

/**
 * Who gets each home's new turnover tasks (docs/staff.md#housekeeping): a housekeeper given that home.
 * The homes that have one are listed, each with a way to clear it.
 */
export function DefaultHousekeepers({ members }: { members: TStaffMember[] }) {
  const defaults = useQuery(defaultHousekeepersQuery());
  const [home, setHome] = useState<string | null>(null);
  const [homeLabel, setHomeLabel] = useState('');
  const [q, setQ] = useState('');
  const [keeper, setKeeper] = useState<string | null>(null);
  const homeOptions = useHomeOptions(q === homeLabel ? '' : q).data ?? [];
  const homeData =
    home && !homeOptions.some((o) => o.value === home)
      ? [{ value: home, label: homeLabel }, ...homeOptions]
      : homeOptions;
  const keepers = members
    .filter((m) => m.role === 'housekeeper' && !m.disabled && m.homes.some((h) => String(h.id) === home))
    .map((m) => ({ value: String(m.id), label: m.name ?? m.username }));
  const save = useSetDefaultHousekeeper({
    onDone: (out) => {
      notifications.show({
        message: out.userId === null ? 'Default housekeeper cleared' : 'Default housekeeper saved',
        color: 'green',
      });
      setKeeper(null);
    },
    onError: (err) =>
      notifications.show({
        title: 'Error',
        message: errorMessage(err, 'The default housekeeper could not be saved.'),
        color: 'red',
      }),
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="default-housekeepers-title">
      <Title order={2} size="h3" id="default-housekeepers-title">
        Default housekeepers
      </Title>
      <Text c="dimmed" size="sm">
        A home&apos;s new turnovers go to its default housekeeper, one of the housekeepers given that home.
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (home && keeper) save.mutate({ id: Number(home), userId: Number(keeper) });
        }}
      >
        <Group align="end">
          <Select
            label="Home"
            placeholder="Search homes"
            data={homeData}
            value={home}
            onChange={(v, option) => {
              setHome(v);
              setHomeLabel(option?.label ?? '');
              setKeeper(null);
            }}
            searchable
            searchValue={q}
            onSearchChange={setQ}
            filter={({ options }) => options}
            nothingFoundMessage="No home matches"
            w={280}
            maw="100%"
          />
          <Select
            label="Housekeeper"
            placeholder={home ? 'Choose a housekeeper' : 'Choose a home first'}
            data={keepers}
            value={keeper}
            onChange={setKeeper}
            disabled={!home}
            nothingFoundMessage="No housekeeper has this home"
            w={240}
            maw="100%"
          />
          <Button type="submit" disabled={!home || !keeper} loading={save.isPending}>
            Set default
          </Button>
        </Group>
      </form>
      {defaults.isError ? (
        <Alert color="red">{errorMessage(defaults.error, 'Failed to load the default housekeepers')}</Alert>
      ) : (
        <Card withBorder padding={0}>
          <Table verticalSpacing="sm" data-testid="default-housekeepers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Home</Table.Th>
                <Table.Th>Housekeeper</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {defaults.data?.items.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={3}>No home has a default housekeeper yet.</Table.Td>
                </Table.Tr>
              )}
              {defaults.data?.items.map((d) => (
                <Table.Tr key={d.propertyId}>
                  <Table.Td>{d.title}</Table.Td>
                  <Table.Td>{d.name}</Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        loading={save.isPending && save.variables?.id === d.propertyId}
                        onClick={() => save.mutate({ id: d.propertyId, userId: null })}
                        aria-label={`Clear the default housekeeper of ${d.title}`}
                      >
                        Clear
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {defaults.data && defaults.data.total > defaults.data.items.length && (
            <Text size="sm" c="dimmed" p="sm">
              The first {defaults.data.items.length} of {defaults.data.total} homes
            </Text>
          )}
        </Card>
      )}
    </Stack>
  );
}
