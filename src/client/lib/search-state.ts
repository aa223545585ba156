import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { AMENITIES, DEFAULT_LOCATION, PROPERTY_TYPES } from '../../shared/constants.ts';
import { formatDateForToday, isValidIsoDate, todayIso } from '../../shared/dates.ts';
import { guestsLabel } from '../../shared/labels.ts';
import type { TSearchInput } from '../../shared/schemas/property.ts';
import {
  BEDROOM_FILTER_MAX,
  formatBounds,
  parseBounds,
  PRICE_FILTER_MAX,
  SEARCH_SORTS,
  type TSearchSort,
} from '../../shared/search.ts';

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

/** The parts of a search the Filters dialog edits. */
export type TFilterFields = Pick<THomeSearch, 'minPrice' | 'maxPrice' | 'types' | 'bedrooms' | 'amenities'>;

/** The search as the UI shows it, defaults filled in. */
export interface TSearchState {
  location: string;
  checkIn: string | null;
  checkOut: string | null;
  guests: number;
  category: string | null;
}

// Plain checks rather than a schema library: this runs on the home page's first load, where zod's core
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
  const category = text(raw.category, 60);
  if (category) out.category = category.toLowerCase();
  return { ...out, ...parseRefinements(raw) };
}

export function toSearchState(search: THomeSearch): TSearchState {
  return {
    location: search.location ?? DEFAULT_LOCATION,
    checkIn: search.checkIn ?? null,
    checkOut: search.checkOut ?? null,
    guests: search.guests ?? 1,
    category: search.category ?? null,
  };
}

/** The URL form of a state: the same normalisation as a parsed URL. */
export function toHomeSearch(state: Partial<TSearchState>): THomeSearch {
  return parseHomeSearch({
    location: state.location ?? undefined,
    checkIn: state.checkIn ?? undefined,
    checkOut: state.checkOut ?? undefined,
    guests: state.guests ?? undefined,
    category: state.category ?? undefined,
  });
}

/** The `properties.search` input for a URL search (dates count only as a complete stay). */
export function searchInputFor(search: THomeSearch): Omit<TSearchInput, 'cursor' | 'after' | 'limit'> {
  return {
    ...(search.category ? { category: search.category } : {}),
    ...(search.location ? { location: search.location } : {}),
    ...(search.guests ? { guests: search.guests } : {}),
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

/** How many filters the Filters button counts: the price range as one, each type and amenity, bedrooms. */
export function activeFilterCount(search: THomeSearch): number {
  return (
    (search.minPrice !== undefined || search.maxPrice !== undefined ? 1 : 0) +
    listOf(search.types).length +
    (search.bedrooms ? 1 : 0) +
    listOf(search.amenities).length
  );
}

/** The search with the Filters dialog's fields replaced (Clear all passes none). */
export function withFilters(search: THomeSearch, filters: TFilterFields): THomeSearch {
  const { minPrice: _a, maxPrice: _b, types: _c, bedrooms: _d, amenities: _e, ...rest } = search;
  return { ...rest, ...filters };
}

/** 'Any week', 'From Nov 22' or 'Nov 22 - Nov 27' (with the year when it is not this year's). */
export function datesLabel(checkIn: string | null | undefined, checkOut: string | null | undefined): string {
  if (!checkIn) return 'Any week';
  if (!checkOut) return `From ${formatDateForToday(checkIn)}`;
  return `${formatDateForToday(checkIn)} - ${formatDateForToday(checkOut)}`;
}

/** The part of a search a listing page carries (docs/decisions.md#booking-card-defaults): where, when and who, for its card and header. */
export type TListingSearch = Pick<THomeSearch, 'location' | 'checkIn' | 'checkOut' | 'guests'>;

export function listingSearch(search: THomeSearch): TListingSearch {
  const out: TListingSearch = {};
  if (search.location) out.location = search.location;
  if (search.checkIn && search.checkOut) {
    out.checkIn = search.checkIn;
    out.checkOut = search.checkOut;
  }
  if (search.guests) out.guests = search.guests;
  return out;
}

/** The property route's `validateSearch`: the same rules as the home's, keeping only what a listing uses. */
export function parseListingSearch(raw: Record<string, unknown>): TListingSearch {
  return listingSearch(parseHomeSearch(raw));
}

/** Filters shown as chips (location not 'Anywhere', guests > 1, either date: docs/product.md#guest-interactions), the Filters dialog's, or a map area. */
export function hasActiveFilters(search: THomeSearch): boolean {
  return Boolean(
    search.location ||
    (search.guests && search.guests > 1) ||
    search.checkIn ||
    search.checkOut ||
    search.bounds ||
    activeFilterCount(search) > 0,
  );
}

export type TFilterKey = 'location' | 'dates' | 'guests';

export function filterChips(search: THomeSearch): { key: TFilterKey; label: string }[] {
  const chips: { key: TFilterKey; label: string }[] = [];
  if (search.location) chips.push({ key: 'location', label: search.location });
  if (search.checkIn || search.checkOut)
    chips.push({ key: 'dates', label: datesLabel(search.checkIn, search.checkOut) });
  if (search.guests && search.guests > 1) chips.push({ key: 'guests', label: guestsLabel(search.guests) });
  return chips;
}

export function clearFilter(search: THomeSearch, key: TFilterKey): THomeSearch {
  const next = { ...search };
  if (key === 'location') delete next.location;
  if (key === 'guests') delete next.guests;
  if (key === 'dates') {
    delete next.checkIn;
    delete next.checkOut;
  }
  return next;
}

/**
 * Reset returns location, dates and guests to their defaults; the selected category stays, and so do
 * the Filters dialog's choices, sort and view, which have their own 'Clear all'.
 */
export function resetFilters(search: THomeSearch): THomeSearch {
  const { location: _l, checkIn: _i, checkOut: _o, guests: _g, ...kept } = search;
  return kept;
}

/** Clicking a category selects it; clicking the selected one again clears it (case-insensitive). */
export function toggleCategory(search: THomeSearch, name: string): THomeSearch {
  const key = name.trim().toLowerCase();
  const next = { ...search };
  if (next.category === key) delete next.category;
  else next.category = key;
  return next;
}

/** The sub-message under 'No properties found' (docs/product.md#guest-messages). */
export function emptyResultsMessage(search: THomeSearch, categoryName?: string): string {
  if (hasActiveFilters(search))
    return 'No properties match your search criteria. Try adjusting your filters.';
  if (search.category) return `No properties found in "${categoryName ?? search.category}" category.`;
  return 'No properties available right now.';
}

/**
 * The current search (from the URL when on the home page, defaults elsewhere) and the moves that
 * change it. Every move navigates to `/`, so Back undoes it.
 */
export function useSearchState() {
  const navigate = useNavigate();
  const raw = useSearch({ strict: false });
  const search = useMemo(() => parseHomeSearch(raw as Record<string, unknown>), [raw]);
  const state = useMemo(() => toSearchState(search), [search]);

  const go = useCallback(
    (next: THomeSearch, opts: { resetScroll?: boolean } = {}) => {
      // Event handlers call these: the navigation runs on its own, nobody awaits it.
      void navigate({
        to: '/',
        search: parseHomeSearch(next as Record<string, unknown>),
        resetScroll: opts.resetScroll ?? false,
      });
    },
    [navigate],
  );

  return useMemo(
    () => ({
      search,
      state,
      /**
       * Applies a whole search (the dialog's 'Search'), keeping the selected category, the filters,
       * sort and view. A new place drops the map area, which belonged to the old one.
       */
      apply: (next: Omit<TSearchState, 'category'>) => {
        const { location: _l, checkIn: _i, checkOut: _o, guests: _g, ...kept } = search;
        const where = toHomeSearch({ ...next, category: search.category ?? null });
        if (where.location !== search.location) delete kept.bounds;
        go({ ...kept, ...where }, { resetScroll: true });
      },
      /** Replaces the search's refinements (filters, sort, map area, view): each a step Back undoes. */
      refine: (next: THomeSearch) => go(next),
      clear: (key: TFilterKey) => go(clearFilter(search, key)),
      reset: () => go(resetFilters(search)),
      toggleCategory: (name: string) => go(toggleCategory(search, name)),
    }),
    [go, search, state],
  );
}
