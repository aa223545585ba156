import { MapContainer, Marker, TileLayer } from 'react-leaflet';
import { MAP_HEIGHT_PX, PROPERTY_MAP_ZOOM, type TGeoPoint } from '../../../shared/constants.ts';
import { TILE_ATTRIBUTION, TILE_URL } from '../../../shared/external.ts';
import { markerIcon } from '../../components/map-marker.ts';

/** Loaded lazily (React.lazy) so Leaflet stays out of the initial bundle. */
export default function PropertyMapView({ center, label }: { center: TGeoPoint; label: string }) {
  return (
    <MapContainer
      center={[center.lat, center.lng]}
      zoom={PROPERTY_MAP_ZOOM}
      scrollWheelZoom={false}
      style={{ height: MAP_HEIGHT_PX, width: '100%', borderRadius: 'var(--mantine-radius-lg)', zIndex: 0 }}
    >
      <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} />
      <Marker position={[center.lat, center.lng]} icon={markerIcon} title={label} alt={label} />
    </MapContainer>
  );
}
