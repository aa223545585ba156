import type { EntityManager } from '@mikro-orm/postgresql';

/** Inserts a stay's review; false when the booking already has one (the unique booking_id decides). */
export async function insertStayReview(
  em: EntityManager,
  r: {
    bookingId: number;
    propertyId: number;
    userId: number | null;
    userName: string;
    rating: number;
    comment: string;
  },
): Promise<boolean> {
  const rows = await em.execute<{ id: number }[]>(
    `insert into reviews (booking_id, property_id, user_id, user_name, rating, comment, date)
     values (?, ?, ?, ?, ?, ?, now())
     on conflict (booking_id) do nothing
     returning id`,
    [r.bookingId, r.propertyId, r.userId, r.userName, r.rating, r.comment],
  );
  return rows.length > 0;
}
