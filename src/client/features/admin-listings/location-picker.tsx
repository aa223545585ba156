import { Alert, Box, Button, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMapPin, IconRefresh, IconSearch } from '@tabler/icons-react';
import { Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { MAP_HEIGHT_PX, PICKER_PRESETS } from '#shared/constants.ts';
import { coordinatesLabel, coordinateText, forwardGeocode, reverseGeocode } from './geocode.ts';
import type { TLatLng } from './location-map.tsx';
import '../../styles/more-components.css';
import { lazyRetry } from '../../lib/lazy-retry.tsx';

const LocationMap = lazyRetry(() => import('./location-map.tsx'));

/** The form fields the picker writes: the location text and the coordinates, as text. */
export interface TPickedLocation {
  location: string;
  latitude: string;
  longitude: string;
}

function pointOf(value: TPickedLocation): TLatLng | undefined {
  if (value.latitude.trim() === '' || value.longitude.trim() === '') return undefined;
  const lat = Number(value.latitude);
  const lng = Number(value.longitude);
  return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180
    ? { lat, lng }
    : undefined;
}

/**
 * 'Select Property Location' (docs/product.md#location-picker): search, Reset, the popular presets, a map to click,
 * and the green 'Selected Location' panel. The geocoder is a third party: when it fails, a map click
 * still sets the coordinates (its text becomes the coordinates) and a search only logs a warning.
 */
export function LocationPicker({
  value,
  onChange,
}: {
  value: TPickedLocation;
  onChange: (next: TPickedLocation) => void;
}) {
  const [initial] = useState(value);
  const [query, setQuery] = useState('');
  const [searching, setSearching] = useState(false);
  // Only the newest map click may write the location text.
  const pickSeq = useRef(0);
  const selected = pointOf(value);

  const choose = (point: TLatLng, location: string) =>
    onChange({ location, latitude: coordinateText(point.lat), longitude: coordinateText(point.lng) });

  const search = async () => {
    const q = query.trim();
    if (!q) return;
    setSearching(true);
    try {
      const hit = await forwardGeocode(q);
      if (hit) choose(hit, hit.name || q);
      else console.warn('Location search found nothing for', q);
    } catch (err) {
      console.warn('Location search failed', err);
    } finally {
      setSearching(false);
    }
  };

  const pickOnMap = async (point: TLatLng) => {
    const seq = ++pickSeq.current;
    choose(point, value.location);
    let location: string;
    try {
      location = await reverseGeocode(point.lat, point.lng);
    } catch {
      location = coordinatesLabel(point.lat, point.lng);
    }
    if (seq === pickSeq.current) choose(point, location);
  };

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    // Enter searches; it must not submit the property form around the picker.
    e.preventDefault();
    void search();
  };

  const reset = () => {
    pickSeq.current += 1;
    setQuery('');
    onChange(initial);
  };

  return (
    <Stack gap="sm" data-testid="location-picker">
      <Title order={4}>Select Property Location</Title>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          placeholder="Enter city, address, or landmark..."
          aria-label="Search location"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={onSearchKey}
          leftSection={<IconSearch size={16} />}
        />
        <Button type="button" onClick={() => void search()} loading={searching}>
          Search
        </Button>
        <Button type="button" variant="default" onClick={reset} leftSection={<IconRefresh size={16} />}>
          Reset
        </Button>
      </Group>
      <div>
        <Text size="sm" fw={500} mb={6}>
          Popular locations
        </Text>
        <Group gap={6}>
          {PICKER_PRESETS.map((p) => (
            <Button key={p.name} type="button" size="xs" variant="light" onClick={() => choose(p, p.name)}>
              {p.name}
            </Button>
          ))}
        </Group>
      </div>
      <Box
        data-testid="location-picker-map"
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      >
        <Suspense fallback={<Skeleton h={MAP_HEIGHT_PX} />}>
          <LocationMap selected={selected} onPick={(point) => void pickOnMap(point)} />
        </Suspense>
      </Box>
      {(value.location.trim() !== '' || selected) && (
        <Alert
          color="green"
          variant="light"
          title="Selected Location"
          icon={<IconMapPin size={18} />}
          data-testid="selected-location"
        >
          <Text size="sm" fw={500} data-testid="selected-location-text">
            {value.location || '—'}
          </Text>
          <Text size="xs" c="dimmed" data-testid="selected-location-coordinates">
            {selected
              ? `Latitude: ${selected.lat.toFixed(6)}, Longitude: ${selected.lng.toFixed(6)}`
              : 'No coordinates selected'}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
