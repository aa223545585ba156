import { GEOCODER_URL } from '#shared/external.ts';

/** The public geocoder may be slow or unreachable (it is, offline): never wait on it for long. */
const GEOCODER_TIMEOUT_MS = 8000;

export interface TGeocodeHit {
  lat: number;
  lng: number;
  name: string;
}

/** A display name reduced to its first two comma-separated parts (docs/product.md#admin-requests). */
export function shortPlaceName(displayName: string): string {
  return displayName
    .split(',')
    .slice(0, 2)
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
}

/** What the location text falls back to when the reverse lookup fails: the coordinates to 4 decimals. */
export function coordinatesLabel(lat: number, lng: number): string {
  return `${lat.toFixed(4)}, ${lng.toFixed(4)}`;
}

/** Coordinates as the property stores them: text, 6 decimals. */
export function coordinateText(n: number): string {
  return n.toFixed(6);
}

/** Reverse lookup at zoom 10; answers the short place name, or throws when the service fails. */
export async function reverseGeocode(lat: number, lng: number): Promise<string> {
  const url = `${GEOCODER_URL}/reverse?format=json&lat=${encodeURIComponent(lat)}&lon=${encodeURIComponent(lng)}&zoom=10`;
  const res = await fetch(url, {
    signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`reverse geocoding answered ${res.status}`);
  const body = (await res.json()) as { display_name?: unknown };
  const name = typeof body.display_name === 'string' ? shortPlaceName(body.display_name) : '';
  if (!name) throw new Error('reverse geocoding found no place');
  return name;
}

/** Forward lookup, first hit only; undefined when nothing matches. Throws when the service fails. */
export async function forwardGeocode(query: string): Promise<TGeocodeHit | undefined> {
  const url = `${GEOCODER_URL}/search?format=json&limit=1&q=${encodeURIComponent(query)}`;
  const res = await fetch(url, {
    signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`geocoding answered ${res.status}`);
  const hits = (await res.json()) as { lat?: unknown; lon?: unknown; display_name?: unknown }[];
  const first = Array.isArray(hits) ? hits[0] : undefined;
  const lat = Number(first?.lat);
  const lng = Number(first?.lon);
  if (!first || !Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
  return {
    lat,
    lng,
    name: typeof first.display_name === 'string' ? shortPlaceName(first.display_name) : query,
  };
}
