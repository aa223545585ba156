import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_LOCATION } from '../../../shared/constants.ts';
import {
  SEARCH_CURSOR_PATTERN,
  type TProperty,
  type TPropertyCard,
  type TSearchInputParsed,
  type TSearchResult,
} from '../../../shared/schemas/property.ts';
import type { TSearchSort } from '../../../shared/search.ts';
import { AppError } from '../../errors.ts';
import { addStayTotals } from '../calendar/stay-totals.ts';
import { findListedProperty, listListedProperties } from '../../repositories/properties.ts';
import { searchCards, type TSearchAfter, type TSearchFilters } from '../../repositories/property-search.ts';

import { PROPERTY_NOT_FOUND } from '../../../shared/messages.ts';

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

/** The next page's cursor: the plain id in the recommended order (as before sorts existed), else sort:key:id. */
function cursorAfter(sort: TSearchSort, last: { card: TPropertyCard; key: number | null }): number | string {
  return sort === 'recommended' ? last.card.id : `${sort}:${last.key ?? 0}:${last.card.id}`;
}

function decodeCursor(cursor: number | string | undefined): TSearchAfter | undefined {
  if (cursor === undefined) return undefined;
  if (typeof cursor === 'number') return { key: null, id: cursor };
  const m = SEARCH_CURSOR_PATTERN.exec(cursor);
  if (!m) throw new AppError('VALIDATION', 'Invalid cursor');
  return { key: Number(m[2]), id: Number(m[3]) };
}

/**
 * The home grid (DECISIONS 6, 12): filters in SQL, in the chosen order, keyset-paged on (sort key, id)
 * so page 50 costs what page 1 costs and a home added between pages neither repeats nor skips one.
 * Price filters and the price sorts use the home's nightly base price, with or without dates: the
 * stay totals the cards show with dates come from each home's rates and are computed for the 12 cards
 * of a page only, so filtering or ordering on them would price every home in the search.
 */
export async function searchProperties(em: EntityManager, input: TSearchInputParsed): Promise<TSearchResult> {
  const location = input.location?.trim();
  const filters: TSearchFilters = {
    category: input.category?.trim().toLowerCase() || undefined,
    location: location && location.toLowerCase() !== DEFAULT_LOCATION.toLowerCase() ? location : undefined,
    guests: input.guests,
    stay: input.checkIn && input.checkOut ? { checkIn: input.checkIn, checkOut: input.checkOut } : undefined,
    minPrice: input.minPrice,
    maxPrice: input.maxPrice,
    types: input.types,
    bedrooms: input.bedrooms,
    amenities: input.amenities,
    bounds: input.bounds,
  };
  const rows = await searchCards(em, filters, input.sort, decodeCursor(input.cursor), input.limit);
  const page = rows.slice(0, input.limit);
  const items = page.map((r) => r.card);
  if (filters.stay) await addStayTotals(em, items, filters.stay.checkIn, filters.stay.checkOut);
  const last = page[page.length - 1];
  return { items, nextCursor: rows.length > input.limit && last ? cursorAfter(input.sort, last) : null };
}
