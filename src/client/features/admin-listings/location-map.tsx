import { useEffect } from 'react';
import { Box } from '@mantine/core';
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import { MAP_HEIGHT_PX, NEW_YORK, PICKER_MAP_ZOOM } from '#shared/constants.ts';
import { markerIcon } from '../../components/map-marker.ts';
import { MapUnavailable, useTileState, WatchedTiles } from '../../components/map-tiles.tsx';

export interface TLatLng {
  lat: number;
  lng: number;
}

/** Moves the view to the chosen point when it changes from outside the map (preset, search, reset). */
function FollowSelection({ selected }: { selected: TLatLng | undefined }) {
  const map = useMap();
  useEffect(() => {
    if (selected) map.setView([selected.lat, selected.lng], Math.max(map.getZoom(), PICKER_MAP_ZOOM));
  }, [map, selected?.lat, selected?.lng]); // eslint-disable-line react-hooks/exhaustive-deps -- only a new point moves the view
  return null;
}

function ClickToPick({ onPick }: { onPick: (point: TLatLng) => void }) {
  useMapEvents({ click: (e) => onPick({ lat: e.latlng.lat, lng: e.latlng.lng }) });
  return null;
}

/** The picker's 400 px map (docs/product.md#location-picker), centred on New York at zoom 10. Loaded lazily. */
export default function LocationMap({
  selected,
  onPick,
}: {
  selected: TLatLng | undefined;
  onPick: (point: TLatLng) => void;
}) {
  const start = selected ?? NEW_YORK;
  const [tiles, setTiles] = useTileState();
  return (
    <Box pos="relative">
      <MapContainer
        center={[start.lat, start.lng]}
        zoom={PICKER_MAP_ZOOM}
        style={{
          height: MAP_HEIGHT_PX,
          width: '100%',
          borderRadius: 'var(--mantine-radius-md)',
          zIndex: 0,
          cursor: 'crosshair',
        }}
      >
        <WatchedTiles onState={setTiles} />
        <FollowSelection selected={selected} />
        <ClickToPick onPick={onPick} />
        {selected && (
          <Marker position={[selected.lat, selected.lng]} icon={markerIcon} alt="Selected location" />
        )}
      </MapContainer>
      <MapUnavailable state={tiles}>
        Clicking the map still places the pin, and a preset city or the search above sets it too.
      </MapUnavailable>
    </Box>
  );
}
