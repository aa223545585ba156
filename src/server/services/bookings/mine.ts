import type { EntityManager } from '@mikro-orm/postgresql';
import type { TMyBooking } from '#shared/schemas/booking.ts';
import { bookingsOfUser } from '../../repositories/bookings.ts';

/** The signed-in user's own bookings, newest stay first; the user id comes from the session only. */
export async function myBookings(em: EntityManager, userId: number): Promise<TMyBooking[]> {
  return bookingsOfUser(em, userId);
}
