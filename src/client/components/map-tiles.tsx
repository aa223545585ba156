import { Group, Paper, Text } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import { TileLayer } from 'react-leaflet';
import { TILE_ATTRIBUTION, TILE_URL } from '#shared/external.ts';
import classes from './map-tiles.module.css';

export type TTileState = 'loading' | 'some' | 'failed';

/** Whether a map's tile service answers, for `WatchedTiles` and `MapUnavailable`. */
export function useTileState() {
  return useState<TTileState>('loading');
}

/**
 * The map's tile layer, reporting whether the tile service answers: one tile that arrives proves it
 * works; until then, every failure says it does not (docs/decisions.md#a-map-without-its-tiles-says-so).
 */
export function WatchedTiles({ onState }: { onState: (state: TTileState) => void }) {
  const loaded = useRef(false);
  return (
    <TileLayer
      url={TILE_URL}
      attribution={TILE_ATTRIBUTION}
      eventHandlers={{
        tileload: () => {
          loaded.current = true;
          onState('some');
        },
        tileerror: () => {
          if (!loaded.current) onState('failed');
        },
      }}
    />
  );
}

/**
 * Over a map whose tiles failed (its parent is `position: relative`): says why the map is blank and
 * what still works, instead of leaving a grey box.
 */
export function MapUnavailable({ state, children }: { state: TTileState; children: ReactNode }) {
  if (state !== 'failed') return null;
  return (
    <Paper
      withBorder
      shadow="sm"
      radius="md"
      p="sm"
      className={classes.mapMessage}
      role="status"
      data-testid="map-unavailable"
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconMapOff size={18} aria-hidden />
        <Text size="sm">The map cannot load right now: the map service is out of reach. {children}</Text>
      </Group>
    </Paper>
  );
}
