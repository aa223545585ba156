import { AMENITIES, DEFAULT_LOCATION, PROPERTY_TYPES } from './constants.ts';
import { isValidIsoDate, todayIso } from './dates.ts';
import type { TSearchInput } from './schemas/property.ts';
import {
  BEDROOM_FILTER_MAX,
  formatBounds,
  parseBounds,
  PRICE_FILTER_MAX,
  SEARCH_SORTS,
  type TSearchSort,
} from './search.ts';

/**
 * The home search lives in the URL (docs/decisions.md#search-in-url): `/?location=…&checkIn=…&checkOut=…&guests=…&category=…`,
 * and the filters, sort, map area and view: `&minPrice=…&maxPrice=…&types=cabin,villa&bedrooms=…`
 * `&amenities=Wifi,Pool&sort=price_asc&bounds=s,w,n,e&view=map`. Defaults ('Anywhere', no dates, 1 guest,
 * no category, no filters, recommended, list) are left out of the URL, so `/` is the plain home.
 */
export interface THomeSearch {
  location?: string;
  checkIn?: string;
  checkOut?: string;
  guests?: number;
  /** The rest of the party, as the quote takes it: `guests` are the adults (docs/features.md#pets). */
  children?: number;
  infants?: number;
  pets?: number;
  /** Lower-cased category name (matching is case-insensitive). */
  category?: string;
  /** Nightly price range in USD (what the server filters on; the UI shows the display currency). */
  minPrice?: number;
  maxPrice?: number;
  /** Comma list of property types, in PROPERTY_TYPES order. */
  types?: string;
  /** At least this many bedrooms (2 and up; 1 is every home). */
  bedrooms?: number;
  /** Comma list of amenities a home must all have, in AMENITIES order. */
  amenities?: string;
  sort?: Exclude<TSearchSort, 'recommended'>;
  /** The map area searched ('Search as I move the map'): south,west,north,east. */
  bounds?: string;
  view?: 'map';
}

// Plain checks rather than a schema library: this runs on the home page's first load (and in the server's
// page for a search URL), where zod's core
// alone is ~15 KiB gzipped; the server validates the search again (ZSearchInput).
// Router search values arrive JSON-parsed: `?location=123` is the number 123, so text fields accept numbers.
function text(value: unknown, max: number): string | undefined {
  const raw = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof raw !== 'string') return undefined;
  const trimmed = raw.trim();
  return trimmed.length >= 1 && trimmed.length <= max ? trimmed : undefined;
}

const date = (value: unknown) => (typeof value === 'string' && isValidIsoDate(value) ? value : undefined);

function guestCount(value: unknown): number | undefined {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 100 ? n : undefined;
}

function whole(value: unknown, min: number, max: number): number | undefined {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

/** A comma list (or array) of known values, matched case-insensitively, canonical spelling and order. */
function known(value: unknown, allowed: readonly string[]): string | undefined {
  const raw: unknown[] = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const wanted = new Set(raw.map((v) => String(v).trim().toLowerCase()));
  const out = allowed.filter((a) => wanted.has(a.toLowerCase()));
  return out.length > 0 ? out.join(',') : undefined;
}

/** The comma lists of a URL search as arrays (what the server takes). */
export const listOf = (value: string | undefined): string[] => (value ? value.split(',') : []);

/** The filters, sort, area and view of a raw URL search, checked against the same rules as ZSearchInput. */
function parseRefinements(raw: Record<string, unknown>): THomeSearch {
  const out: THomeSearch = {};
  const minPrice = whole(raw.minPrice, 0, PRICE_FILTER_MAX);
  const maxPrice = whole(raw.maxPrice, 0, PRICE_FILTER_MAX);
  if (minPrice) out.minPrice = minPrice;
  if (maxPrice !== undefined && (minPrice === undefined || maxPrice >= minPrice)) out.maxPrice = maxPrice;
  const types = known(raw.types, PROPERTY_TYPES);
  if (types) out.types = types;
  const bedrooms = whole(raw.bedrooms, 1, BEDROOM_FILTER_MAX);
  if (bedrooms && bedrooms > 1) out.bedrooms = bedrooms;
  const amenities = known(raw.amenities, AMENITIES);
  if (amenities) out.amenities = amenities;
  const sort = SEARCH_SORTS.find((s) => s === raw.sort);
  if (sort && sort !== 'recommended') out.sort = sort;
  const bounds = parseBounds(raw.bounds);
  if (bounds) out.bounds = formatBounds(bounds);
  if (raw.view === 'map') out.view = 'map';
  return out;
}

/**
 * The home route's `validateSearch`: keeps what is valid, drops the rest (a bad link still opens the
 * home page), and normalises defaults away.
 */
export function parseHomeSearch(raw: Record<string, unknown>): THomeSearch {
  const out: THomeSearch = {};
  const location = text(raw.location, 200);
  if (location && location.toLowerCase() !== DEFAULT_LOCATION.toLowerCase()) out.location = location;
  const checkIn = date(raw.checkIn);
  const checkOut = date(raw.checkOut);
  // A stay in the past cannot be searched or booked: an old link opens without its dates.
  if (checkIn && checkIn >= todayIso()) {
    out.checkIn = checkIn;
    if (checkOut && checkOut > checkIn) out.checkOut = checkOut;
  }
  const guests = guestCount(raw.guests);
  if (guests && guests > 1) out.guests = guests;
  // The same bounds as the search's ZPartyFields; none is the default and is left out.
  for (const [key, max] of [
    ['children', 1000],
    ['infants', 100],
    ['pets', 20],
  ] as const) {
    const n = whole(raw[key], 1, max);
    if (n) out[key] = n;
  }
  const category = text(raw.category, 60);
  if (category) out.category = category.toLowerCase();
  return { ...out, ...parseRefinements(raw) };
}

/** The `properties.search` input for a URL search (dates count only as a complete stay). */
export function searchInputFor(search: THomeSearch): Omit<TSearchInput, 'cursor' | 'after' | 'limit'> {
  return {
    ...(search.category ? { category: search.category } : {}),
    ...(search.location ? { location: search.location } : {}),
    ...(search.guests ? { guests: search.guests } : {}),
    ...(search.children ? { children: search.children } : {}),
    ...(search.infants ? { infants: search.infants } : {}),
    ...(search.pets ? { pets: search.pets } : {}),
    ...(search.checkIn && search.checkOut ? { checkIn: search.checkIn, checkOut: search.checkOut } : {}),
    ...(search.minPrice !== undefined ? { minPrice: search.minPrice } : {}),
    ...(search.maxPrice !== undefined ? { maxPrice: search.maxPrice } : {}),
    ...(search.types ? { types: listOf(search.types) as TSearchInput['types'] } : {}),
    ...(search.bedrooms ? { bedrooms: search.bedrooms } : {}),
    ...(search.amenities ? { amenities: listOf(search.amenities) as TSearchInput['amenities'] } : {}),
    ...(search.bounds ? { bounds: search.bounds } : {}),
    ...(search.sort ? { sort: search.sort } : {}),
  };
}
