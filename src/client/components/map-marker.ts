import 'leaflet/dist/leaflet.css';
import './map-a11y.css';
import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';

/**
 * Leaflet's marker images, bundled with the app: its default icon guesses the image path from CSS
 * (which breaks under a bundler), and the maps must show their markers with no third-party host.
 * Imported only by lazily loaded map modules, so Leaflet stays out of the first load.
 */
export const markerIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [12, -28],
  shadowSize: [41, 41],
});
