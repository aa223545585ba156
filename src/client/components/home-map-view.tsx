import { Box } from '@mantine/core';
import { MapContainer, Marker } from 'react-leaflet';
import { MAP_HEIGHT_PX, PROPERTY_MAP_ZOOM, type TGeoPoint } from '#shared/constants.ts';
import { MapUnavailable, useTileState, WatchedTiles } from './map-tiles.tsx';
import { markerIcon } from './map-marker.ts';

/**
 * One home on a map: the property page's 'Where you'll be' and the guest's trip page.
 * Loaded lazily (React.lazy) so Leaflet stays out of the initial bundle. When the tile service cannot be
 * reached, the marker still shows and a message says why the map is blank.
 */
export default function HomeMapView({
  center,
  label,
  location,
  height = MAP_HEIGHT_PX,
}: {
  center: TGeoPoint;
  label: string;
  location: string;
  height?: number;
}) {
  const [tiles, setTiles] = useTileState();
  return (
    <Box pos="relative">
      <MapContainer
        center={[center.lat, center.lng]}
        zoom={PROPERTY_MAP_ZOOM}
        scrollWheelZoom={false}
        style={{ height, width: '100%', borderRadius: 'var(--mantine-radius-lg)', zIndex: 0 }}
      >
        <WatchedTiles onState={setTiles} />
        <Marker position={[center.lat, center.lng]} icon={markerIcon} title={label} alt={label} />
      </MapContainer>
      <MapUnavailable state={tiles}>The home is in {location}.</MapUnavailable>
    </Box>
  );
}
