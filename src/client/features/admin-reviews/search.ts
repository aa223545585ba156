import { ADMIN_TABLE_PAGE_SIZES } from '../../../shared/constants.ts';

/**
 * The reviews page's state lives in the URL (issue 17). Without `view` it is the spec's per-home view
 * (admin-side §2.8: pick a property, see its cards); `view=all` is the one paged list across all homes,
 * filtered by home, rating and reviewer name.
 */
export interface TReviewsSearch {
  view?: 'all';
  property?: number;
  rating?: number;
  q?: string;
  page?: number;
  pageSize?: number;
}

export const REVIEWS_PAGE_SIZES = ADMIN_TABLE_PAGE_SIZES;
const DEFAULT_PAGE_SIZE = REVIEWS_PAGE_SIZES[0];

const positiveInt = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * Reads the URL's search, dropping whatever is not valid. Plain checks, not zod: route search parsing
 * runs in the entry chunk, which the guest's first load shares.
 */
export function parseReviewsSearch(search: Record<string, unknown>): TReviewsSearch {
  const rating = positiveInt(search.rating);
  const page = positiveInt(search.page);
  const pageSize = positiveInt(search.pageSize);
  const q = typeof search.q === 'string' ? search.q.trim() : '';
  const parsed: TReviewsSearch = {
    view: search.view === 'all' ? 'all' : undefined,
    property: positiveInt(search.property),
    rating: rating !== undefined && rating <= 5 ? rating : undefined,
    q: q.length >= 1 && q.length <= 100 ? q : undefined,
    page: page !== undefined && page >= 2 ? page : undefined,
    pageSize:
      pageSize !== DEFAULT_PAGE_SIZE && REVIEWS_PAGE_SIZES.some((s) => s === pageSize) ? pageSize : undefined,
  };
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined));
}

/** The cross-home list's query input of a URL state. */
export function allReviewsInput(s: TReviewsSearch) {
  return {
    propertyId: s.property,
    rating: s.rating,
    q: s.q,
    page: s.page ?? 1,
    pageSize: s.pageSize ?? DEFAULT_PAGE_SIZE,
  };
}
