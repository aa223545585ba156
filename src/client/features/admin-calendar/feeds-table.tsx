import { Badge, Button, CopyButton, Group, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import type { TFeed, TIcalFeed } from '#shared/schemas/calendar.ts';
import { scrollable } from '../../components/scrollable-region.ts';

function lastSync(feed: TFeed): string {
  return feed.lastSyncAt ? new Date(feed.lastSyncAt).toLocaleString('en-US') : 'Never';
}

/**
 * One row per imported calendar: its last sync, events, conflicts and status, with Sync now and Remove,
 * and what goes back to that channel (docs/features.md#calendar-hub): its own export URL, and the switch
 * that adds the other channels' stays to it.
 */
export function FeedsTable({
  feeds,
  isSyncing,
  onSync,
  onRemove,
  onExport,
}: {
  feeds: TIcalFeed[];
  isSyncing: (feedId: number) => boolean;
  onSync: (feedId: number) => void;
  onRemove: (feedId: number) => void;
  onExport: (feedId: number, exportImported: boolean) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={640} scrollAreaProps={scrollable('Channels')}>
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
                <Text size="xs" c="dimmed" lineClamp={1} title={f.url ?? undefined} maw={260}>
                  {f.url ?? 'Export only: reads our calendar, nothing is imported'}
                </Text>
                <Stack gap={4} mt={6} maw={320}>
                  <Group gap={4} wrap="nowrap">
                    <TextInput
                      size="xs"
                      readOnly
                      value={f.exportUrl}
                      aria-label={`Export URL for ${f.name}`}
                      style={{ flex: 1 }}
                      onFocus={(e) => e.currentTarget.select()}
                    />
                    <CopyButton value={f.exportUrl}>
                      {({ copied, copy }) => (
                        <Button
                          size="xs"
                          variant="light"
                          onClick={copy}
                          aria-label={`Copy the export URL for ${f.name}`}
                        >
                          {copied ? 'Copied' : 'Copy'}
                        </Button>
                      )}
                    </CopyButton>
                  </Group>
                  <Switch
                    size="xs"
                    label="Include the other channels' stays"
                    checked={f.exportImported}
                    onChange={(e) => onExport(f.id, e.currentTarget.checked)}
                  />
                </Stack>
              </Table.Td>
              <Table.Td>{f.url ? lastSync(f) : '—'}</Table.Td>
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
                    {!f.url ? 'Export only' : f.lastSyncAt ? 'OK' : 'Waiting for the first sync'}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  {f.url && (
                    <Button size="xs" variant="light" loading={isSyncing(f.id)} onClick={() => onSync(f.id)}>
                      Sync now
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove the feed ${f.name}`}
                    onClick={() => onRemove(f.id)}
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
  );
}
