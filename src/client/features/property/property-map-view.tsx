import { Box, Group, Paper, Text } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { MapContainer, Marker, TileLayer } from 'react-leaflet';
import { MAP_HEIGHT_PX, PROPERTY_MAP_ZOOM, type TGeoPoint } from '../../../shared/constants.ts';
import { TILE_ATTRIBUTION, TILE_URL } from '../../../shared/external.ts';
import { markerIcon } from '../../components/map-marker.ts';
import classes from './property-map.module.css';

/**
 * Loaded lazily (React.lazy) so Leaflet stays out of the initial bundle. When the tile service cannot be
 * reached (offline, blocked), the marker still shows and a message says why the map is blank.
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
  const [tiles, setTiles] = useState<'loading' | 'some' | 'failed'>('loading');
  return (
    <Box pos="relative">
      <MapView center={center} label={label} onTiles={setTiles} />
      {tiles === 'failed' && (
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
            <Text size="sm">
              The map cannot load right now: the map service is out of reach. The home is in {location}.
            </Text>
          </Group>
        </Paper>
      )}
    </Box>
  );
}

function MapView({
  center,
  label,
  onTiles,
}: {
  center: TGeoPoint;
  label: string;
  onTiles: (state: 'some' | 'failed') => void;
}) {
  // One tile that arrives proves the service works; until then, every failure says it does not.
  const loaded = useRef(false);
  return (
    <MapContainer
      center={[center.lat, center.lng]}
      zoom={PROPERTY_MAP_ZOOM}
      scrollWheelZoom={false}
      style={{ height: MAP_HEIGHT_PX, width: '100%', borderRadius: 'var(--mantine-radius-lg)', zIndex: 0 }}
    >
      <TileLayer
        url={TILE_URL}
        attribution={TILE_ATTRIBUTION}
        eventHandlers={{
          tileload: () => {
            loaded.current = true;
            onTiles('some');
          },
          tileerror: () => {
            if (!loaded.current) onTiles('failed');
          },
        }}
      />
      <Marker position={[center.lat, center.lng]} icon={markerIcon} title={label} alt={label} />
    </MapContainer>
  );
}
