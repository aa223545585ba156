import {
  ActionIcon,
  Box,
  Button,
  Group,
  Modal,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar, IconMapPin, IconMinus, IconPlus, IconUsers } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { DEFAULT_LOCATION, LOCATIONS, POPULAR_LOCATIONS, type TGeoPoint } from '../../../shared/constants.ts';
import { todayIso } from '../../../shared/dates.ts';
import { guestsLabel } from '../../../shared/labels.ts';
import { datesLabel, useSearchState, type TSearchState } from '../../lib/search-state.ts';
import { DestinationInput } from './destination-input.tsx';
import type { TSearchTab } from './types.ts';
import '../../styles/more-components.css';

// Leaflet is only fetched when the Where tab actually shows the map.
const SearchMap = lazy(() => import('./search-map.tsx'));

const MAP_HEIGHT = 260;

type TDraft = Omit<TSearchState, 'category'>;

function cityNamed(name: string): TGeoPoint | null {
  const key = name.trim().toLowerCase();
  return LOCATIONS.find((l) => l.name.toLowerCase() === key) ?? null;
}

interface TProps {
  opened: boolean;
  tab: TSearchTab;
  onTabChange: (tab: TSearchTab) => void;
  onClose: () => void;
}

/** The 'Search' dialog (guest-side §2): Where / When / Who, 'Clear all' and 'Search'. */
export default function SearchDialog({ opened, tab, onTabChange, onClose }: TProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Title order={2} fz="h4">
          Search
        </Title>
      }
      size="lg"
      radius="lg"
      padding="lg"
      data-testid="search-dialog"
    >
      {/* Mounted per opening, so the draft starts from the current search each time. */}
      {opened && <SearchForm tab={tab} onTabChange={onTabChange} onClose={onClose} />}
    </Modal>
  );
}

function SearchForm({ tab, onTabChange, onClose }: Omit<TProps, 'opened'>) {
  const { state, apply } = useSearchState();
  const [draft, setDraft] = useState<TDraft>(() => ({
    location: state.location === DEFAULT_LOCATION ? '' : state.location,
    checkIn: state.checkIn,
    checkOut: state.checkOut,
    guests: state.guests,
  }));
  const update = (patch: Partial<TDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (location = draft.location) => {
    void apply({ ...draft, location: location.trim() || DEFAULT_LOCATION });
    onClose();
  };
  const selectedCity = cityNamed(draft.location);

  return (
    <Stack gap="md">
      <Tabs value={tab} onChange={(v) => v && onTabChange(v as TSearchTab)} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="location" leftSection={<IconMapPin size={16} aria-hidden />}>
            Where
          </Tabs.Tab>
          <Tabs.Tab value="dates" leftSection={<IconCalendar size={16} aria-hidden />}>
            When
          </Tabs.Tab>
          <Tabs.Tab value="guests" leftSection={<IconUsers size={16} aria-hidden />}>
            Who
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="location" pt="md">
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
        </Tabs.Panel>

        <Tabs.Panel value="dates" pt="md">
          <Stack gap="md" align="center">
            <DatePicker
              type="range"
              numberOfColumns={1}
              minDate={todayIso()}
              defaultDate={draft.checkIn ?? undefined}
              value={[draft.checkIn, draft.checkOut]}
              onChange={([checkIn, checkOut]) => {
                update({ checkIn, checkOut });
                if (checkIn && checkOut) onTabChange('guests');
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
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => update({ checkIn: null, checkOut: null })}
              >
                Clear
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="guests" pt="md">
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
              <Text fw={600} w={72} ta="center" data-testid="guest-count" aria-live="polite">
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
        </Tabs.Panel>
      </Tabs>

      <Group
        justify="space-between"
        pt="xs"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <UnstyledButton
          fw={600}
          td="underline"
          fz="sm"
          onClick={() => setDraft({ location: '', checkIn: null, checkOut: null, guests: 1 })}
        >
          Clear all
        </UnstyledButton>
        <Button onClick={() => submit()} radius="md" mt="sm">
          Search
        </Button>
      </Group>
    </Stack>
  );
}
