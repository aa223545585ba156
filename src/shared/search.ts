/**
 * The home search's filters, sorts and map bounds as plain data and checks. No zod here: the home
 * route's URL parser runs on the first load (zod's core alone is ~15 KiB gzipped), and `ZSearchInput`
 * builds on the same constants and `parseBounds`, so the URL and the server accept the same values.
 */

export const SEARCH_SORTS = ['recommended', 'price_asc', 'price_desc', 'rating'] as const;
export type TSearchSort = (typeof SEARCH_SORTS)[number];

export const SEARCH_SORT_LABELS: Record<TSearchSort, string> = {
  recommended: 'Recommended',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  rating: 'Rating',
};

/** Nightly price bounds of the filter, in USD (the server's currency; the UI converts for display). */
export const PRICE_FILTER_MAX = 1_000_000;

/** The most bedrooms the filter offers as a minimum ('6+' covers bigger homes). */
export const BEDROOM_FILTER_MAX = 10;

/** A map area: south, west, north, east in degrees. West > east crosses the antimeridian. */
export interface TBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

const FINITE = /^-?\d{1,3}(\.\d{1,8})?$/;

/**
 * `south,west,north,east` as the URL and the API carry it, or null when it is not a valid area.
 * Longitudes are -180..180 (the map normalises its wrapped view before it writes them).
 */
export function parseBounds(value: unknown): TBounds | null {
  if (typeof value !== 'string') return null;
  const parts = value.split(',').map((s) => s.trim());
  if (parts.length !== 4 || parts.some((s) => !FINITE.test(s))) return null;
  const [south, west, north, east] = parts.map(Number) as [number, number, number, number];
  if (Math.abs(south) > 90 || Math.abs(north) > 90 || south > north) return null;
  if (Math.abs(west) > 180 || Math.abs(east) > 180) return null;
  return { south, west, north, east };
}

/** The URL form of an area, rounded to 5 decimals (about a metre): short links, stable keys. */
export function formatBounds(b: TBounds): string {
  const r = (n: number) => String(Math.round(n * 1e5) / 1e5);
  return [b.south, b.west, b.north, b.east].map(r).join(',');
}

export const BOUNDS_ERROR =
  'Bounds must be south,west,north,east in degrees (latitudes -90 to 90, south ≤ north; longitudes -180 to 180)';

/**
 * The query fields that ask for the page after this one: `cursor` in the recommended order, `after` in
 * the other sorts (see ZSearchInput); null after the last page.
 */
export function nextSearchPage(page: {
  nextCursor: number | null;
  nextAfter: string | null;
}): { cursor: number } | { after: string } | null {
  if (page.nextAfter !== null) return { after: page.nextAfter };
  return page.nextCursor === null ? null : { cursor: page.nextCursor };
}
