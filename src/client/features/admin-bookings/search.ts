import {
  ADMIN_BOOKING_SORTS,
  BOOKING_STATUSES,
  type TAdminBookingSort,
  type TBookingStatus,
} from '#shared/constants.ts';
import {
  defined,
  readId,
  readIsoDate,
  readOneOf,
  readPage,
  readText,
  SORT_DIRS,
  type TSortDir,
} from '#shared/url-search.ts';

/** The bookings table's whole state lives in the URL (docs/features.md#admin-back-office): shareable, and Back undoes it. */
export interface TBookingsSearch {
  page?: number;
  q?: string;
  status?: TBookingStatus;
  propertyId?: number;
  userId?: number;
  from?: string;
  to?: string;
  sort?: TAdminBookingSort;
  dir?: TSortDir;
  /** The booking whose drawer is open. */
  booking?: number;
}

/**
 * Reads the URL's search into the table state, dropping whatever is not valid, by the limits of
 * ZAdminBookingListInput (shared/url-search.ts says why these are not zod).
 */
export function parseBookingsSearch(search: Record<string, unknown>): TBookingsSearch {
  return defined<TBookingsSearch>({
    page: readPage(search.page),
    q: readText(search.q),
    status: readOneOf(BOOKING_STATUSES, search.status),
    propertyId: readId(search.propertyId),
    userId: readId(search.userId),
    from: readIsoDate(search.from),
    to: readIsoDate(search.to),
    sort: readOneOf(ADMIN_BOOKING_SORTS, search.sort),
    dir: readOneOf(SORT_DIRS, search.dir),
    booking: readId(search.booking),
  });
}

/** The list and export input of a URL state (the drawer and paging aside). */
export function filterOf(s: TBookingsSearch) {
  return {
    q: s.q,
    status: s.status,
    propertyId: s.propertyId,
    userId: s.userId,
    from: s.from,
    to: s.to && s.from && s.to < s.from ? undefined : s.to,
    sort: s.sort ?? 'createdAt',
    dir: s.dir ?? 'desc',
  } as const;
}

/** GET /api/bookings/export.csv with the same filter: a plain download link, carrying the session cookie. */
export function exportHref(s: TBookingsSearch, directAdmin: boolean): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filterOf(s))) if (v !== undefined) params.set(k, String(v));
  if (directAdmin) params.set('directAdmin', 'true');
  return `/api/bookings/export.csv?${params.toString()}`;
}
