import type { EntityManager } from '@mikro-orm/postgresql';
import type { TBookingStatus } from '../../../shared/constants.ts';
import {
  ADMIN_BOOKINGS_PAGE_SIZE,
  type TAdminBooking,
  type TAdminBookingList,
} from '../../../shared/schemas/admin.ts';
import type { TContactInfo } from '../../../shared/schemas/booking.ts';
import { AppError } from '../../errors.ts';
import { emailBookingStatusChanged } from '../email/guest-emails.ts';

export const BOOKING_NOT_FOUND = 'Booking not found';

interface TAdminBookingRow {
  id: number;
  property_id: number;
  property_title: string;
  user_id: number | null;
  user_name: string | null;
  user_username: string | null;
  contact_info: TContactInfo | null;
  check_in: string;
  check_out: string;
  guests: number;
  total_price: number;
  status: TBookingStatus;
  confirmation_number: string;
  created_at: Date | string;
}

/** Dates leave as `yyyy-MM-dd` text (DECISIONS 8), so no time zone can move them. */
const SELECT_ADMIN_BOOKING = `
  select b.id, b.property_id, p.title as property_title, b.user_id, u.name as user_name, u.username as user_username,
         b.contact_info, to_char(b.check_in, 'YYYY-MM-DD') as check_in, to_char(b.check_out, 'YYYY-MM-DD') as check_out,
         b.guests, b.total_price, b.status, b.confirmation_number, b.created_at
    from bookings b
    join properties p on p.id = b.property_id
    left join users u on u.id = b.user_id`;

function toAdminBooking(r: TAdminBookingRow): TAdminBooking {
  return {
    id: r.id,
    propertyId: r.property_id,
    property: { id: r.property_id, title: r.property_title },
    userId: r.user_id,
    user:
      r.user_id !== null && r.user_username !== null
        ? { id: r.user_id, name: r.user_name, username: r.user_username }
        : null,
    contactInfo: r.contact_info,
    checkIn: r.check_in,
    checkOut: r.check_out,
    guests: r.guests,
    totalPrice: r.total_price,
    status: r.status,
    confirmationNumber: r.confirmation_number,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** Every booking, newest first, one page at a time (offset paging: an admin table jumps to page N). */
export async function listAdminBookings(
  em: EntityManager,
  input: { page: number; pageSize: number },
): Promise<TAdminBookingList> {
  const [count] = await em.execute<{ n: number }[]>('select count(*)::int as n from bookings');
  const rows = await em.execute<TAdminBookingRow[]>(
    `${SELECT_ADMIN_BOOKING} order by b.created_at desc, b.id desc limit ? offset ?`,
    [input.pageSize, (input.page - 1) * input.pageSize],
  );
  return {
    items: rows.map(toAdminBooking),
    total: count?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** Every booking newest first, as the spec's plain list; a page of it when `page` is given. */
export async function listAllAdminBookings(
  em: EntityManager,
  input: { page?: number | undefined; pageSize?: number | undefined },
): Promise<TAdminBooking[]> {
  if (input.page === undefined) {
    const rows = await em.execute<TAdminBookingRow[]>(
      `${SELECT_ADMIN_BOOKING} order by b.created_at desc, b.id desc`,
    );
    return rows.map(toAdminBooking);
  }
  return (
    await listAdminBookings(em, { page: input.page, pageSize: input.pageSize ?? ADMIN_BOOKINGS_PAGE_SIZE })
  ).items;
}

export async function getAdminBooking(em: EntityManager, id: number): Promise<TAdminBooking> {
  const [row] = await em.execute<TAdminBookingRow[]>(`${SELECT_ADMIN_BOOKING} where b.id = ?`, [id]);
  if (!row) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return toAdminBooking(row);
}

/**
 * Sets a booking's status. Moving a cancelled booking back to pending or confirmed makes it hold its
 * dates again; the exclusion constraint refuses that when another booking took them meanwhile
 * (23P01 → 409 'These dates are no longer available', DECISIONS 5).
 */
export async function updateBookingStatus(
  em: EntityManager,
  id: number,
  status: TBookingStatus,
): Promise<TAdminBooking> {
  // The guest's email is written in the same transaction as the change (DECISIONS 17).
  return em.transactional(async (tx) => {
    const updated = await tx.execute<{ previous: TBookingStatus }[]>(
      'update bookings b set status = ? from bookings o where o.id = b.id and b.id = ? returning o.status as previous',
      [status, id],
    );
    const previous = updated[0]?.previous;
    if (!previous) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
    await emailBookingStatusChanged(tx, id, previous);
    return getAdminBooking(tx, id);
  });
}
