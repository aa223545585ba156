import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatIsoDate } from '#shared/dates.ts';
import { AnchorLink } from '../../components/anchor-link.tsx';
import { plural } from '#shared/labels.ts';
import '../../styles/more-components.css';
import { conflictsQuery } from './api.ts';

/**
 * The dashboard's warning (docs/features.md#operator-calendar): events imported from other channels that fall on our bookings.
 * Nothing shows while there are none.
 */
export function ConflictsAlert() {
  const conflicts = useQuery(conflictsQuery());
  const list = conflicts.data ?? [];
  if (list.length === 0) return null;
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle />}
      title={plural(list.length, 'calendar conflict')}
      data-testid="calendar-conflicts"
    >
      <Stack gap={4}>
        {list.slice(0, 10).map((c) => (
          <Text key={c.eventId} size="sm">
            <AnchorLink to="/admin/calendar/$id" params={{ id: String(c.propertyId) }} size="sm">
              {c.propertyTitle}
            </AnchorLink>
            : {c.feedName} has {formatIsoDate(c.startDate, true)} – {formatIsoDate(c.endDate, true)}, over
            booking {c.confirmationNumber}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
