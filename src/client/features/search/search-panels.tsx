import { ActionIcon, Box, Button, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { Suspense } from 'react';
import { POPULAR_LOCATIONS, type TGeoPoint } from '#shared/constants.ts';
import { todayIso } from '#shared/dates.ts';
import { useCalendarMonths } from '../../components/calendar-days.ts';
import { datesLabel, searchPartyLabel, type TSearchState } from '../../lib/search-state.ts';
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

/** Who's rows: adults and children count towards a home's capacity, infants do not; pets find homes that take them. */
const PARTY_ROWS = [
  { key: 'guests', noun: 'adults', label: 'Adults', hint: 'Ages 13 or above', min: 1, max: 100 },
  { key: 'children', noun: 'children', label: 'Children', hint: 'Ages 2 to 12', min: 0, max: 100 },
  {
    key: 'infants',
    noun: 'infants',
    label: 'Infants',
    hint: 'Under 2, not counted as guests',
    min: 0,
    max: 5,
  },
  { key: 'pets', noun: 'pets', label: 'Pets', hint: 'Only homes that allow pets', min: 0, max: 5 },
] as const;

/** Who: adults (at least one), children, infants and pets, as the booking card asks them. */
export function WhoPanel({ draft, update }: TPanelProps) {
  return (
    <Stack gap="md" py="sm" role="group" aria-label="Who is coming">
      {PARTY_ROWS.map((row) => {
        const value = draft[row.key];
        return (
          <Group key={row.key} justify="space-between" wrap="nowrap">
            <Box>
              <Text fw={600}>{row.label}</Text>
              <Text size="sm" c="dimmed">
                {row.hint}
              </Text>
            </Box>
            <Group gap="sm" wrap="nowrap">
              <ActionIcon
                variant="default"
                radius="xl"
                size={36}
                aria-label={`Fewer ${row.noun}`}
                disabled={value <= row.min}
                onClick={() => update({ [row.key]: Math.max(row.min, value - 1) })}
              >
                <IconMinus size={16} aria-hidden />
              </ActionIcon>
              <Text fw={600} miw={32} ta="center" data-testid={`who-${row.noun}`} aria-live="polite">
                <VisuallyHidden>{`${row.label}: `}</VisuallyHidden>
                {value}
              </Text>
              <ActionIcon
                variant="default"
                radius="xl"
                size={36}
                aria-label={`More ${row.noun}`}
                disabled={value >= row.max}
                onClick={() => update({ [row.key]: Math.min(row.max, value + 1) })}
              >
                <IconPlus size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        );
      })}
      <Text size="sm" data-testid="guest-count">
        {searchPartyLabel(draft)}
      </Text>
    </Stack>
  );
}
