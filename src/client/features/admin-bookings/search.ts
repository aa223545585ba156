import {
  ADMIN_BOOKING_SORTS,
  BOOKING_STATUSES,
  type TAdminBookingSort,
  type TBookingStatus,
} from '../../../shared/constants.ts';
import { isValidIsoDate } from '../../../shared/dates.ts';

/** The bookings table's whole state lives in the URL (issue 17): shareable, and Back undoes it. */
export interface TBookingsSearch {
  page?: number;
  q?: string;
  status?: TBookingStatus;
  propertyId?: number;
  userId?: number;
  from?: string;
  to?: string;
  sort?: TAdminBookingSort;
  dir?: 'asc' | 'desc';
  /** The booking whose drawer is open. */
  booking?: number;
}

const positiveInt = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
const oneOf = <T extends string>(list: readonly T[], v: unknown): T | undefined => list.find((x) => x === v);
const isoDate = (v: unknown) => (typeof v === 'string' && isValidIsoDate(v) ? v : undefined);

/**
 * Reads the URL's search into the table state, dropping whatever is not valid. Plain checks, not zod:
 * route search parsing runs in the entry chunk, which the guest's first load shares.
 */
export function parseBookingsSearch(search: Record<string, unknown>): TBookingsSearch {
  const page = positiveInt(search.page);
  const q = typeof search.q === 'string' ? search.q.trim() : '';
  const parsed: TBookingsSearch = {
    page: page !== undefined && page >= 2 ? page : undefined,
    q: q.length >= 1 && q.length <= 100 ? q : undefined,
    status: oneOf(BOOKING_STATUSES, search.status),
    propertyId: positiveInt(search.propertyId),
    userId: positiveInt(search.userId),
    from: isoDate(search.from),
    to: isoDate(search.to),
    sort: oneOf(ADMIN_BOOKING_SORTS, search.sort),
    dir: oneOf(['asc', 'desc'] as const, search.dir),
    booking: positiveInt(search.booking),
  };
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined));
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
