import { z } from 'zod';
import { ADMIN_BOOKING_SORTS } from '../../../shared/schemas/admin.ts';
import { BOOKING_STATUSES } from '../../../shared/constants.ts';
import { isValidIsoDate } from '../../../shared/dates.ts';

/** The bookings table's whole state lives in the URL (issue 17): shareable, and Back undoes it. */
const optionalId = z.coerce.number().int().positive().optional().catch(undefined);
const optionalDate = z.string().refine(isValidIsoDate).optional().catch(undefined);

export const ZBookingsSearch = z.object({
  page: z.coerce.number().int().min(2).optional().catch(undefined),
  q: z.string().trim().min(1).max(100).optional().catch(undefined),
  status: z.enum(BOOKING_STATUSES).optional().catch(undefined),
  propertyId: optionalId,
  userId: optionalId,
  from: optionalDate,
  to: optionalDate,
  sort: z.enum(ADMIN_BOOKING_SORTS).optional().catch(undefined),
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
  /** The booking whose drawer is open. */
  booking: optionalId,
});
export type TBookingsSearch = z.infer<typeof ZBookingsSearch>;

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
