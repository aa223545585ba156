import { Alert, Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatIsoDate } from '../../../shared/dates.ts';
import type { TFeed } from '../../../shared/schemas/calendar.ts';
import { trpc } from '../../lib/trpc.ts';
import { notifyFailure, useCalendarInvalidation } from './api.ts';
import '../../styles/more-components.css';

function lastSync(feed: TFeed): string {
  return feed.lastSyncAt ? new Date(feed.lastSyncAt).toLocaleString('en-US') : 'Never';
}

/** Other channels' calendars imported into this home: add one, sync it now, see how its last sync went. */
export function FeedsCard({ propertyId, feeds }: { propertyId: number; feeds: TFeed[] }) {
  const invalidate = useCalendarInvalidation();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const conflicts = useQuery(trpc.calendar.conflicts.queryOptions({ propertyId }));
  const add = useMutation(
    trpc.calendar.addFeed.mutationOptions({
      onSuccess: async () => {
        setName('');
        setUrl('');
        await invalidate();
        notifications.show({ message: 'Feed added; it syncs every 15 minutes', color: 'green' });
      },
      onError: notifyFailure,
    }),
  );
  const sync = useMutation(
    trpc.calendar.syncFeed.mutationOptions({
      onSuccess: async (r) => {
        await invalidate();
        notifications.show(
          r.feed.lastError
            ? { title: `${r.feed.name} not synced`, message: r.feed.lastError, color: 'red' }
            : {
                message: `${r.feed.name} synced: ${r.added} added, ${r.updated} changed, ${r.removed} removed`,
                color: 'green',
              },
        );
      },
      onError: notifyFailure,
    }),
  );
  const remove = useMutation(
    trpc.calendar.deleteFeed.mutationOptions({ onSuccess: () => invalidate(), onError: notifyFailure }),
  );
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Imported calendars
        </Title>
        {(conflicts.data?.length ?? 0) > 0 && (
          <Alert color="red" title="Conflicts with our bookings" data-testid="home-conflicts">
            {conflicts.data?.map((c) => (
              <Text key={c.eventId} size="sm">
                {c.feedName}: {formatIsoDate(c.startDate, true)} – {formatIsoDate(c.endDate, true)} overlaps
                booking {c.confirmationNumber}
              </Text>
            ))}
          </Alert>
        )}
        {feeds.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table data-testid="feeds">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Last sync</Table.Th>
                  <Table.Th>Events</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {feeds.map((f) => (
                  <Table.Tr key={f.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {f.name}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={1} title={f.url} maw={260}>
                        {f.url}
                      </Text>
                    </Table.Td>
                    <Table.Td>{lastSync(f)}</Table.Td>
                    <Table.Td>
                      {f.eventCount}
                      {f.conflictCount > 0 && (
                        <Badge color="red" ml={6}>
                          {f.conflictCount} in conflict
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {f.lastError ? (
                        <Text size="sm" c="red" data-testid="feed-error">
                          {f.lastError}
                        </Text>
                      ) : (
                        <Text size="sm" c="dimmed">
                          {f.lastSyncAt ? 'OK' : 'Waiting for the first sync'}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Button
                          size="xs"
                          variant="light"
                          loading={sync.isPending && sync.variables.feedId === f.id}
                          onClick={() => sync.mutate({ id: propertyId, feedId: f.id })}
                        >
                          Sync now
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={`Remove the feed ${f.name}`}
                          onClick={() => remove.mutate({ id: propertyId, feedId: f.id })}
                        >
                          Remove
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate({ id: propertyId, name, url });
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Channel name"
              placeholder="Airbnb"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              required
              maxLength={60}
              w={180}
            />
            <TextInput
              label="iCal URL"
              placeholder="https://…/calendar.ics"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              required
              type="url"
              style={{ flex: 1, minWidth: 240 }}
            />
            <Button type="submit" variant="light" loading={add.isPending}>
              Add feed
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
