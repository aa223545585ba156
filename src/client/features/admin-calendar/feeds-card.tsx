import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatIsoDate } from '#shared/dates.ts';
import type { TIcalFeed } from '#shared/schemas/calendar.ts';
import { AddExportChannelForm, AddFeedForm } from './add-feed-form.tsx';
import { conflictsQuery, useFeedExport, useRemoveFeed, useSyncFeed } from './api.ts';
import { FeedsTable } from './feeds-table.tsx';
import '../../styles/more-components.css';

/**
 * The home's channels: calendars imported from them (add one, sync it now, see how its last sync went),
 * and channels that only read ours; each with its own export URL.
 */
export function FeedsCard({ propertyId, feeds }: { propertyId: number; feeds: TIcalFeed[] }) {
  const conflicts = useQuery(conflictsQuery(propertyId));
  const sync = useSyncFeed();
  const remove = useRemoveFeed();
  const exportSwitch = useFeedExport();
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
          <FeedsTable
            feeds={feeds}
            isSyncing={(feedId) => sync.isPending && sync.variables.feedId === feedId}
            onSync={(feedId) => sync.mutate({ id: propertyId, feedId })}
            onRemove={(feedId) => remove.mutate({ id: propertyId, feedId })}
            onExport={(feedId, exportImported) =>
              exportSwitch.mutate({ id: propertyId, feedId, exportImported })
            }
          />
        )}
        <AddFeedForm propertyId={propertyId} />
        <AddExportChannelForm propertyId={propertyId} />
      </Stack>
    </Card>
  );
}
