import type { EntityManager } from '@mikro-orm/postgresql';
import type { TBookingStatus } from '../../../shared/constants.ts';
import type { TMyBooking } from '../../../shared/schemas/booking.ts';

interface TMyBookingRow {
  id: number;
  property_id: number;
  title: string;
  cover: string | null;
  check_in: string;
  check_out: string;
  guests: number;
  nights: number;
  total_price: number;
  status: TBookingStatus;
  confirmation_number: string;
  created_at: string;
}

/** The signed-in user's own bookings, newest stay first; the user id comes from the session only. */
export async function myBookings(em: EntityManager, userId: number): Promise<TMyBooking[]> {
  const rows = await em.getConnection().execute<TMyBookingRow[]>(
    `select b.id, b.property_id, p.title, p.images[1] as cover,
            to_char(b.check_in, 'YYYY-MM-DD') as check_in, to_char(b.check_out, 'YYYY-MM-DD') as check_out,
            b.guests, b.nights, b.total_price, b.status, b.confirmation_number,
            to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
       from bookings b join properties p on p.id = b.property_id
      where b.user_id = ?
      order by b.check_in desc, b.id desc`,
    [userId],
  );
  return rows.map((r) => ({
    id: r.id,
    propertyId: r.property_id,
    propertyTitle: r.title,
    propertyImage: r.cover,
    checkIn: r.check_in,
    checkOut: r.check_out,
    guests: r.guests,
    nights: r.nights,
    totalPrice: r.total_price,
    status: r.status,
    confirmationNumber: r.confirmation_number,
    createdAt: r.created_at,
  }));
}
