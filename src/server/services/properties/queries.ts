import type { EntityManager } from '@mikro-orm/postgresql';
import { toMinor } from '#shared/money.ts';
import { DEFAULT_LOCATION, PETS_AMENITY } from '#shared/constants.ts';
import { partyNeeds, partyOf } from '../bookings/rules.ts';
import {
  SEARCH_CURSOR_PATTERN,
  type TProperty,
  type TSearchInputParsed,
  type TSearchResult,
} from '#shared/schemas/property.ts';
import { AppError } from '../../errors.ts';
import { addStayTotals } from '../calendar/stay-totals.ts';
import { findListedProperty, listListedProperties } from '../../repositories/properties.ts';
import { searchCards, type TSearchAfter, type TSearchFilters } from '../../repositories/property-search.ts';

import { PROPERTY_NOT_FOUND } from '#shared/messages.ts';
import { zoneClock, type TZoneClock } from '#shared/home-time.ts';

/** Re-exported for the services that import it from here; the wording lives in shared/messages.ts. */
export { PROPERTY_NOT_FOUND };

export async function listProperties(em: EntityManager): Promise<TProperty[]> {
  return listListedProperties(em);
}

export async function getProperty(em: EntityManager, id: number): Promise<TProperty> {
  const property = await findListedProperty(em, id);
  if (!property) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  return property;
}

const clocks = new Map<string, TZoneClock>();
const CLOCK_DAYS = 800;

/**
 * `zone`'s clock from yesterday (UTC) for CLOCK_DAYS days, past the furthest check-in a guest can pick;
 * worked out once a day per zone. Past its end a page falls back to `Intl`.
 */
export function homeClock(zone: string, now: Date = new Date()): TZoneClock {
  const day = Math.floor(now.getTime() / 86_400_000) - 1;
  const key = `${zone} ${day}`;
  let clock = clocks.get(key);
  if (!clock) {
    for (const k of clocks.keys()) if (!k.endsWith(` ${day}`)) clocks.delete(k);
    clock = zoneClock(zone, day * 86_400_000, CLOCK_DAYS);
    clocks.set(key, clock);
  }
  return clock;
}

/** Where the page after `input`'s starts: after `cursor` (an id, the recommended order) or `after` (sort:key:id). */
function decodePosition(input: TSearchInputParsed): TSearchAfter | undefined {
  if (input.cursor !== undefined) return { key: null, id: input.cursor };
  if (input.after === undefined) return undefined;
  const m = SEARCH_CURSOR_PATTERN.exec(input.after);
  if (!m) throw new AppError('VALIDATION', 'Invalid cursor');
  return { key: Number(m[2]), id: Number(m[3]) };
}

/**
 * The home grid (docs/decisions.md#availability, #search-paging): filters in SQL, in the chosen order, keyset-paged on (sort key, id)
 * so page 50 costs what page 1 costs and a home added between pages neither repeats nor skips one.
 * Price filters and the price sorts use the home's nightly base price, with or without dates: the
 * stay totals the cards show with dates come from each home's rates and are computed for the 12 cards
 * of a page only, so filtering or ordering on them would price every home in the search.
 */
export async function searchProperties(
  em: EntityManager,
  input: TSearchInputParsed,
  now: Date = new Date(),
): Promise<TSearchResult> {
  const location = input.location?.trim();
  // The party as the quote reads it; the homes found are those whose quote takes it (partyNeeds).
  const needs = partyNeeds(partyOf({ ...input, guests: input.guests ?? 1 })!);
  const amenities = needs.petsAllowed
    ? [...new Set([...(input.amenities ?? []), PETS_AMENITY])]
    : input.amenities;
  const filters: TSearchFilters = {
    category: input.category?.trim().toLowerCase() || undefined,
    location: location && location.toLowerCase() !== DEFAULT_LOCATION.toLowerCase() ? location : undefined,
    guests: needs.minGuests,
    stay: input.checkIn && input.checkOut ? { checkIn: input.checkIn, checkOut: input.checkOut } : undefined,
    // The bounds are whole dollars on the wire; the home's price is kept in cents.
    minPrice: input.minPrice === undefined ? undefined : toMinor(input.minPrice),
    maxPrice: input.maxPrice === undefined ? undefined : toMinor(input.maxPrice),
    types: input.types,
    bedrooms: input.bedrooms,
    amenities,
    bounds: input.bounds,
  };
  const rows = await searchCards(em, filters, input.sort, decodePosition(input), input.limit);
  const page = rows.slice(0, input.limit);
  const items = page.map((r) => r.card);
  if (filters.stay) await addStayTotals(em, page, filters.stay, input.guests, now);
  const last = rows.length > input.limit ? page[page.length - 1] : undefined;
  if (!last) return { items, nextCursor: null, nextAfter: null };
  // The recommended order pages on the plain id, as before sorts existed; the others on sort:key:id.
  if (input.sort === 'recommended') return { items, nextCursor: last.card.id, nextAfter: null };
  return { items, nextCursor: null, nextAfter: `${input.sort}:${last.key ?? 0}:${last.card.id}` };
}
