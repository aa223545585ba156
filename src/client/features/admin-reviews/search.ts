import { ADMIN_TABLE_PAGE_SIZES } from '#shared/constants.ts';
import { defined, RATING_MAX, readId, readInt, readPage, readText } from '#shared/url-search.ts';

/**
 * The reviews page's state lives in the URL (docs/features.md#admin-back-office). Without `view` it is the spec's per-home view
 * (docs/product.md#admin-reviews: pick a property, see its cards); `view=all` is the one paged list across all homes,
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

/**
 * Reads the URL's search, dropping whatever is not valid, by the limits of ZAdminReviewListInput
 * (shared/url-search.ts says why these are not zod).
 */
export function parseReviewsSearch(search: Record<string, unknown>): TReviewsSearch {
  const pageSize = readInt(search.pageSize, 1, Number.MAX_SAFE_INTEGER);
  return defined<TReviewsSearch>({
    view: search.view === 'all' ? 'all' : undefined,
    property: readId(search.property),
    rating: readInt(search.rating, 1, RATING_MAX),
    q: readText(search.q),
    page: readPage(search.page),
    pageSize:
      pageSize !== DEFAULT_PAGE_SIZE && REVIEWS_PAGE_SIZES.some((s) => s === pageSize) ? pageSize : undefined,
  });
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
