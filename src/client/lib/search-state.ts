import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { DEFAULT_LOCATION } from '#shared/constants.ts';
import { formatDateForToday } from '#shared/dates.ts';
import { listOf, parseHomeSearch, searchInputFor, type THomeSearch } from '#shared/home-search.ts';
import { partyLabel } from '#shared/labels.ts';

// The URL's parsing is shared with the server, which draws a search's first screen from the same input.
export { listOf, parseHomeSearch, searchInputFor, type THomeSearch };

/** The parts of a search the Filters dialog edits. */
export type TFilterFields = Pick<THomeSearch, 'minPrice' | 'maxPrice' | 'types' | 'bedrooms' | 'amenities'>;

/** The search as the UI shows it, defaults filled in. */
export interface TSearchState {
  location: string;
  checkIn: string | null;
  checkOut: string | null;
  /** The adults; children, infants and pets are the rest of the party. */
  guests: number;
  children: number;
  infants: number;
  pets: number;
  category: string | null;
}

export function toSearchState(search: THomeSearch): TSearchState {
  return {
    location: search.location ?? DEFAULT_LOCATION,
    checkIn: search.checkIn ?? null,
    checkOut: search.checkOut ?? null,
    guests: search.guests ?? 1,
    children: search.children ?? 0,
    infants: search.infants ?? 0,
    pets: search.pets ?? 0,
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
    children: state.children ?? undefined,
    infants: state.infants ?? undefined,
    pets: state.pets ?? undefined,
    category: state.category ?? undefined,
  });
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

/** Whether the search names a party beyond the default of one adult. */
const hasParty = (s: THomeSearch) => Boolean((s.guests && s.guests > 1) || s.children || s.infants || s.pets);

/** The search's party as every screen says it: '3 guests, 1 infant, 1 pet'. */
export function searchPartyLabel(s: Pick<THomeSearch, 'guests' | 'children' | 'infants' | 'pets'>): string {
  return partyLabel({ guests: (s.guests ?? 1) + (s.children ?? 0), infants: s.infants, pets: s.pets });
}

/** Filters shown as chips (location not 'Anywhere', guests > 1, either date: docs/product.md#guest-interactions), the Filters dialog's, or a map area. */
export function hasActiveFilters(search: THomeSearch): boolean {
  return Boolean(
    search.location ||
    hasParty(search) ||
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
  if (hasParty(search)) chips.push({ key: 'guests', label: searchPartyLabel(search) });
  return chips;
}

export function clearFilter(search: THomeSearch, key: TFilterKey): THomeSearch {
  const next = { ...search };
  if (key === 'location') delete next.location;
  if (key === 'guests') {
    delete next.guests;
    delete next.children;
    delete next.infants;
    delete next.pets;
  }
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
  const {
    location: _l,
    checkIn: _i,
    checkOut: _o,
    guests: _g,
    children: _c,
    infants: _n,
    pets: _p,
    ...kept
  } = search;
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
        const { location: _l, checkIn: _i, checkOut: _o, guests: _g, ...rest } = search;
        const { children: _c, infants: _n, pets: _p, ...kept } = rest;
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
