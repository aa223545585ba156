import {
  ADMIN_LISTING_SORTS,
  ADMIN_LISTINGS_PAGE_SIZE,
  PROPERTY_TYPES,
  type TAdminListingSort,
  type TPropertyType,
} from '#shared/constants.ts';
import { defined, readOneOf, readPage, readText, SORT_DIRS, type TSortDir } from '#shared/url-search.ts';

/** The listings table's whole state lives in the URL (docs/features.md#admin-back-office): shareable, it survives a reload. */
export interface TListingsSearch {
  page?: number;
  pageSize?: number;
  q?: string;
  type?: TPropertyType;
  category?: string;
  city?: string;
  status?: 'archived';
  sort?: TAdminListingSort;
  dir?: TSortDir;
}

export const LISTINGS_PAGE_SIZES = [20, 50, ADMIN_LISTINGS_PAGE_SIZE] as const;

/**
 * Reads the URL's search into the table state, dropping whatever is not valid, by the limits of
 * ZAdminListingListInput (shared/url-search.ts says why these are not zod).
 */
export function parseListingsSearch(search: Record<string, unknown>): TListingsSearch {
  const pageSize = readOneOf(LISTINGS_PAGE_SIZES, search.pageSize);
  return defined<TListingsSearch>({
    page: readPage(search.page),
    pageSize: pageSize === ADMIN_LISTINGS_PAGE_SIZE ? undefined : pageSize,
    q: readText(search.q),
    type: readOneOf(PROPERTY_TYPES, search.type),
    category: readText(search.category),
    city: readText(search.city),
    status: search.status === 'archived' ? 'archived' : undefined,
    sort: readOneOf(ADMIN_LISTING_SORTS, search.sort),
    dir: readOneOf(SORT_DIRS, search.dir),
  });
}

/** The page query's input of a URL state. */
export function listingsInput(s: TListingsSearch) {
  return {
    q: s.q,
    type: s.type,
    category: s.category,
    city: s.city,
    status: s.status ?? 'active',
    sort: s.sort ?? 'id',
    dir: s.dir ?? 'asc',
    page: s.page ?? 1,
    pageSize: s.pageSize ?? ADMIN_LISTINGS_PAGE_SIZE,
  } as const;
}
