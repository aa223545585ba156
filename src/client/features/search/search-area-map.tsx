import type { Map as TLeafletMap } from 'leaflet';
import { Box } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { MapContainer } from 'react-leaflet';
import { SEARCH_MAP_DEFAULT } from '#shared/constants.ts';
import { MapUnavailable, useTileState, WatchedTiles } from '../../components/map-tiles.tsx';

/**
 * The map search draws on, the Where tab's and the results': the world view at first, in one frame, and a
 * line saying what still works when its tiles fail (they come from a third party and fail offline).
 */
export function SearchAreaMap({
  height,
  className,
  unavailable,
  mapRef,
  children,
}: {
  height: number;
  className: string;
  /** What still works without tiles. */
  unavailable: ReactNode;
  mapRef?: Ref<TLeafletMap>;
  children: ReactNode;
}) {
  const [tiles, setTiles] = useTileState();
  return (
    <Box pos="relative">
      <MapContainer
        ref={mapRef}
        center={[SEARCH_MAP_DEFAULT.lat, SEARCH_MAP_DEFAULT.lng]}
        zoom={SEARCH_MAP_DEFAULT.zoom}
        style={{
          height,
          width: '100%',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-default-hover)',
        }}
        worldCopyJump
        className={className}
      >
        <WatchedTiles onState={setTiles} />
        {children}
      </MapContainer>
      <MapUnavailable state={tiles}>{unavailable}</MapUnavailable>
    </Box>
  );
}
