import { MAP_CITIES, NEW_YORK, type TGeoPoint } from '#shared/constants.ts';

function coordinate(value: string | null, limit: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : undefined;
}

/**
 * Where the property map centres (docs/product.md#guest-constants): the property's coordinates; without them the built-in
 * city named in its location text; else New York.
 */
export function propertyMapCenter(p: {
  latitude: string | null;
  longitude: string | null;
  location: string;
}): TGeoPoint {
  const lat = coordinate(p.latitude, 90);
  const lng = coordinate(p.longitude, 180);
  if (lat !== undefined && lng !== undefined) return { name: p.location, lat, lng };
  const text = p.location.toLowerCase();
  return MAP_CITIES.find((c) => text.includes(c.name.toLowerCase())) ?? NEW_YORK;
}
