import { Box } from '@mantine/core';
import { MapContainer, Marker } from 'react-leaflet';
import { MAP_HEIGHT_PX, PROPERTY_MAP_ZOOM, type TGeoPoint } from '#shared/constants.ts';
import { MapUnavailable, useTileState, WatchedTiles } from '../../components/map-tiles.tsx';
import { markerIcon } from '../../components/map-marker.ts';

/**
 * Loaded lazily (React.lazy) so Leaflet stays out of the initial bundle. When the tile service cannot be
 * reached, the marker still shows and a message says why the map is blank.
 */
export default function PropertyMapView({
  center,
  label,
  location,
}: {
  center: TGeoPoint;
  label: string;
  location: string;
}) {
  const [tiles, setTiles] = useTileState();
  return (
    <Box pos="relative">
      <MapContainer
        center={[center.lat, center.lng]}
        zoom={PROPERTY_MAP_ZOOM}
        scrollWheelZoom={false}
        style={{ height: MAP_HEIGHT_PX, width: '100%', borderRadius: 'var(--mantine-radius-lg)', zIndex: 0 }}
      >
        <WatchedTiles onState={setTiles} />
        <Marker position={[center.lat, center.lng]} icon={markerIcon} title={label} alt={label} />
      </MapContainer>
      <MapUnavailable state={tiles}>The home is in {location}.</MapUnavailable>
    </Box>
  );
}
