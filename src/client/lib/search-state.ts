import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { DEFAULT_LOCATION } from '../../shared/constants.ts';
import { formatIsoDate, isValidIsoDate } from '../../shared/dates.ts';
import { guestsLabel } from '../../shared/labels.ts';
import type { TSearchInput } from '../../shared/schemas/property.ts';

/**
 * The home search lives in the URL (DECISIONS 13): `/?location=…&checkIn=…&checkOut=…&guests=…&category=…`.
 * Defaults ('Anywhere', no dates, 1 guest, no category) are left out of the URL, so `/` is the plain home.
 */
export interface THomeSearch {
  location?: string;
  checkIn?: string;
  checkOut?: string;
  guests?: number;
  /** Lower-cased category name (matching is case-insensitive). */
  category?: string;
}

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
  if (checkIn) {
    out.checkIn = checkIn;
    if (checkOut && checkOut > checkIn) out.checkOut = checkOut;
  }
  const guests = guestCount(raw.guests);
  if (guests && guests > 1) out.guests = guests;
  const category = text(raw.category, 60);
  if (category) out.category = category.toLowerCase();
  return out;
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
export function searchInputFor(search: THomeSearch): Omit<TSearchInput, 'cursor' | 'limit'> {
  return {
    ...(search.category ? { category: search.category } : {}),
    ...(search.location ? { location: search.location } : {}),
    ...(search.guests ? { guests: search.guests } : {}),
    ...(search.checkIn && search.checkOut ? { checkIn: search.checkIn, checkOut: search.checkOut } : {}),
  };
}

/** 'Any week', 'From Nov 22' or 'Nov 22 - Nov 27'. */
export function datesLabel(checkIn: string | null | undefined, checkOut: string | null | undefined): string {
  if (!checkIn) return 'Any week';
  if (!checkOut) return `From ${formatIsoDate(checkIn)}`;
  return `${formatIsoDate(checkIn)} - ${formatIsoDate(checkOut)}`;
}

/** Filters shown as chips: location not 'Anywhere', guests > 1, either date (guest-side §4). */
export function hasActiveFilters(search: THomeSearch): boolean {
  return Boolean(
    search.location || (search.guests && search.guests > 1) || search.checkIn || search.checkOut,
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

/** Reset returns location, dates and guests to their defaults; the selected category stays. */
export function resetFilters(search: THomeSearch): THomeSearch {
  return search.category ? { category: search.category } : {};
}

/** Clicking a category selects it; clicking the selected one again clears it (case-insensitive). */
export function toggleCategory(search: THomeSearch, name: string): THomeSearch {
  const key = name.trim().toLowerCase();
  const next = { ...search };
  if (next.category === key) delete next.category;
  else next.category = key;
  return next;
}

/** The sub-message under 'No properties found' (guest-side §8). */
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
      /** Applies a whole search (the dialog's 'Search'), keeping the selected category. */
      apply: (next: Omit<TSearchState, 'category'>) =>
        go({ ...toHomeSearch({ ...next, category: search.category ?? null }) }, { resetScroll: true }),
      clear: (key: TFilterKey) => go(clearFilter(search, key)),
      reset: () => go(resetFilters(search)),
      toggleCategory: (name: string) => go(toggleCategory(search, name)),
    }),
    [go, search, state],
  );
}
