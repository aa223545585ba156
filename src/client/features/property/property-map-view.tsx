import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { MapContainer, Marker, TileLayer } from 'react-leaflet';
import { MAP_HEIGHT_PX, PROPERTY_MAP_ZOOM, type TGeoPoint } from '../../../shared/constants.ts';
import { TILE_ATTRIBUTION, TILE_URL } from '../../../shared/external.ts';

/** Bundled marker images: the map must show its marker even when no third-party host is reachable. */
const markerIconBundled = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

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
      <Marker position={[center.lat, center.lng]} icon={markerIconBundled} title={label} alt={label} />
    </MapContainer>
  );
}
