import {
  ADMIN_LISTING_SORTS,
  ADMIN_LISTINGS_PAGE_SIZE,
  PROPERTY_TYPES,
  type TAdminListingSort,
  type TPropertyType,
} from '../../../shared/constants.ts';

/** The listings table's whole state lives in the URL (issue 17): shareable, it survives a reload. */
export interface TListingsSearch {
  page?: number;
  pageSize?: number;
  q?: string;
  type?: TPropertyType;
  category?: string;
  city?: string;
  status?: 'archived';
  sort?: TAdminListingSort;
  dir?: 'asc' | 'desc';
}

export const LISTINGS_PAGE_SIZES = [20, 50, ADMIN_LISTINGS_PAGE_SIZE] as const;

const positiveInt = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
const oneOf = <T extends string | number>(list: readonly T[], v: unknown): T | undefined =>
  list.find((x) => x === v || String(x) === v);
const text = (v: unknown) => {
  const s = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
  return s.length >= 1 && s.length <= 100 ? s : undefined;
};

/**
 * Reads the URL's search into the table state, dropping whatever is not valid. Plain checks, not zod:
 * route search parsing runs in the entry chunk, which the guest's first load shares.
 */
export function parseListingsSearch(search: Record<string, unknown>): TListingsSearch {
  const page = positiveInt(search.page);
  const pageSize = oneOf(LISTINGS_PAGE_SIZES, search.pageSize);
  const parsed: TListingsSearch = {
    page: page !== undefined && page >= 2 ? page : undefined,
    pageSize: pageSize === ADMIN_LISTINGS_PAGE_SIZE ? undefined : pageSize,
    q: text(search.q),
    type: oneOf(PROPERTY_TYPES, search.type),
    category: text(search.category),
    city: text(search.city),
    status: search.status === 'archived' ? 'archived' : undefined,
    sort: oneOf(ADMIN_LISTING_SORTS, search.sort),
    dir: oneOf(['asc', 'desc'] as const, search.dir),
  };
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined));
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
