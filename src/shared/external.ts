/** Third-party services the spec names. All are optional: the app degrades when they are unreachable. */
export const EXCHANGE_RATE_URLS = [
  'https://open.er-api.com/v6/latest/USD',
  'https://api.exchangerate-api.com/v4/latest/USD',
  'https://api.frankfurter.app/latest?from=USD',
] as const;
export const TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION = '&copy; OpenStreetMap contributors';
export const GEOCODER_URL = 'https://nominatim.openstreetmap.org';

export function mapsLink(
  lat: string | number | null | undefined,
  lng: string | number | null | undefined,
  location: string,
): string {
  if (
    lat !== null &&
    lat !== undefined &&
    lng !== null &&
    lng !== undefined &&
    `${lat}` !== '' &&
    `${lng}` !== ''
  ) {
    return `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;
  }
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location)}`;
}

/** Origins the Content-Security-Policy must allow for the above. */
export const CSP_CONNECT_ORIGINS = [
  'https://open.er-api.com',
  'https://api.exchangerate-api.com',
  'https://api.frankfurter.app',
  'https://nominatim.openstreetmap.org',
];
/**
 * Images: the tile and marker hosts, plus any https origin, because a category icon may be any https image
 * URL the admin enters (README, "Category icons"). Images cannot run script; the cost is that a page may
 * load an image from a host we do not list.
 */
export const CSP_IMG_ORIGINS = ['https://*.tile.openstreetmap.org', 'https://unpkg.com', 'https:'];
