import { ActionIcon, Box, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { Suspense } from 'react';
import { POPULAR_LOCATIONS, type TGeoPoint } from '#shared/constants.ts';
import { todayIso } from '#shared/dates.ts';
import { guestsLabel } from '#shared/labels.ts';
import { useCalendarMonths } from '../../components/calendar-days.ts';
import { datesLabel, type TSearchState } from '../../lib/search-state.ts';
import { DestinationInput } from './destination-input.tsx';
import { lazyRetry } from '../../lib/lazy-retry.tsx';

// Leaflet is only fetched when the Where tab actually shows the map.
const SearchMap = lazyRetry(() => import('./search-map.tsx'));

const MAP_HEIGHT = 260;

/** What the dialog edits before 'Search' applies it. */
export type TDraft = Omit<TSearchState, 'category'>;

interface TPanelProps {
  draft: TDraft;
  update: (patch: Partial<TDraft>) => void;
}

/** Where: the destination field, the map of cities and the popular destinations. */
export function WherePanel({
  draft,
  update,
  selectedCity,
  submit,
}: TPanelProps & { selectedCity: TGeoPoint | null; submit: (location?: string) => void }) {
  return (
    <Stack gap="md">
      <DestinationInput
        value={draft.location}
        onChange={(location) => update({ location })}
        onSubmit={submit}
      />
      <Suspense fallback={<Skeleton height={MAP_HEIGHT} radius="md" />}>
        <SearchMap
          selected={selectedCity}
          onSelect={(city) => update({ location: city.name })}
          height={MAP_HEIGHT}
        />
      </Suspense>
      <Box>
        <Text size="sm" fw={600} mb={8}>
          Popular destinations
        </Text>
        <Group gap={8} role="group" aria-label="Popular destinations">
          {POPULAR_LOCATIONS.map((name) => (
            <Button
              key={name}
              size="compact-sm"
              radius="xl"
              variant={selectedCity?.name === name ? 'filled' : 'default'}
              onClick={() => update({ location: name })}
            >
              {name}
            </Button>
          ))}
        </Group>
      </Box>
    </Stack>
  );
}

/** When: the range calendar; a full range moves on to Who. */
export function WhenPanel({ draft, update, onComplete }: TPanelProps & { onComplete: () => void }) {
  const months = useCalendarMonths();
  return (
    <Stack gap="md" align="center">
      <DatePicker
        type="range"
        numberOfColumns={months}
        columnsToScroll={1}
        hideOutsideDates={months > 1}
        minDate={todayIso()}
        defaultDate={draft.checkIn ?? undefined}
        value={[draft.checkIn, draft.checkOut]}
        onChange={([checkIn, checkOut]) => {
          update({ checkIn, checkOut });
          if (checkIn && checkOut) onComplete();
        }}
        aria-label="Choose dates"
        nextLabel="Next month"
        previousLabel="Previous month"
      />
      <Group justify="space-between" w="100%">
        <Box>
          <Text size="xs" c="dimmed">
            Selected dates
          </Text>
          <Text fw={600} data-testid="selected-dates">
            {datesLabel(draft.checkIn, draft.checkOut)}
          </Text>
        </Box>
        <Button variant="subtle" size="compact-sm" onClick={() => update({ checkIn: null, checkOut: null })}>
          Clear
        </Button>
      </Group>
    </Stack>
  );
}

/** Who: the number of guests, at least one. */
export function WhoPanel({ draft, update }: TPanelProps) {
  return (
    <Group justify="space-between" py="sm">
      <Box>
        <Text fw={600}>Guests</Text>
        <Text size="sm" c="dimmed">
          How many people are coming?
        </Text>
      </Box>
      <Group gap="sm">
        <ActionIcon
          variant="default"
          radius="xl"
          size={36}
          aria-label="Fewer guests"
          disabled={draft.guests <= 1}
          onClick={() => update({ guests: Math.max(1, draft.guests - 1) })}
        >
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
        <Text
          fw={600}
          miw={88}
          ta="center"
          style={{ whiteSpace: 'nowrap' }}
          data-testid="guest-count"
          aria-live="polite"
        >
          {guestsLabel(draft.guests)}
        </Text>
        <ActionIcon
          variant="default"
          radius="xl"
          size={36}
          aria-label="More guests"
          onClick={() => update({ guests: draft.guests + 1 })}
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}
