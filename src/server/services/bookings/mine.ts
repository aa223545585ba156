import type { EntityManager } from '@mikro-orm/postgresql';
import type { TMyBooking } from '#shared/schemas/booking.ts';
import { bookingsOfUser } from '../../repositories/bookings.ts';
import { guestPayments } from '../payments/guest-state.ts';
import { stayUnderWay } from './trip.ts';

/** The signed-in user's own bookings, newest stay first; the user id comes from the session only. */
export async function myBookings(em: EntityManager, userId: number, now = new Date()): Promise<TMyBooking[]> {
  const bookings = await bookingsOfUser(em, userId);
  const payments = await guestPayments(
    em,
    bookings.map((b) => b.id),
    now,
  );
  return bookings.map((b) => ({
    ...b,
    payment: payments.get(b.id) ?? null,
    underWay: stayUnderWay(b, now),
  }));
}
