import type { EntityManager } from '@mikro-orm/postgresql';
import type { TReview } from '../../shared/schemas/review.ts';
import { Property } from '../entities/property.entity.ts';
import { Review, type IReview } from '../entities/review.entity.ts';
import { User } from '../entities/user.entity.ts';
import { liveProperty } from './sql.ts';

/** Reviews, and the rating and count they keep on their property (DECISIONS 14). */

function toReviewDto(r: IReview): TReview {
  return {
    id: r.id,
    propertyId: r.property.id,
    userId: r.user?.id ?? null,
    verified: r.booking != null,
    userName: r.userName,
    userImage: r.userImage ?? null,
    date: new Date(r.date).toISOString(),
    rating: r.rating,
    comment: r.comment,
  };
}

export async function reviewsOfProperty(em: EntityManager, propertyId: number): Promise<TReview[]> {
  const rows = await em.find(Review, { property: propertyId }, { orderBy: { date: 'desc', id: 'desc' } });
  return rows.map(toReviewDto);
}

export async function findReview(em: EntityManager, id: number): Promise<TReview | null> {
  const review = await em.findOne(Review, id);
  return review ? toReviewDto(review) : null;
}

/**
 * Holds the property row for the rest of the transaction, so concurrent review changes of one property
 * run one after another and each recount sees the others. `listed` refuses an archived home.
 * False when there is no such property.
 */
export async function lockReviewedProperty(
  tx: EntityManager,
  propertyId: number,
  opts: { listed: boolean },
): Promise<boolean> {
  const rows = await tx.execute<{ id: number }[]>(
    `select id from properties where id = ? ${opts.listed ? `and ${liveProperty()}` : ''} for update`,
    [propertyId],
  );
  return rows.length > 0;
}

/** rating = average of the reviews (null when none remain), reviewCount = their number. */
export async function recountRating(tx: EntityManager, propertyId: number): Promise<void> {
  await tx.execute(
    `update properties p
        set rating = s.avg, review_count = s.n
       from (select avg(rating)::float8 as avg, count(*)::int as n from reviews where property_id = ?) s
      where p.id = ?`,
    [propertyId, propertyId],
  );
}

export async function insertReview(
  tx: EntityManager,
  r: {
    propertyId: number;
    userId: number;
    rating: number;
    comment: string;
    userName: string;
    userImage: string | null;
  },
): Promise<TReview> {
  const review = tx.create(Review, {
    property: tx.getReference(Property, r.propertyId),
    user: tx.getReference(User, r.userId),
    rating: r.rating,
    comment: r.comment,
    userName: r.userName,
    userImage: r.userImage,
  });
  await tx.persist(review).flush();
  return toReviewDto(review);
}

/** Changes the given fields; null when the review is gone. */
export async function updateReviewRow(
  tx: EntityManager,
  id: number,
  changes: Partial<Pick<TReview, 'rating' | 'comment' | 'userName' | 'userImage'>>,
): Promise<TReview | null> {
  const review = await tx.findOne(Review, id);
  if (!review) return null;
  tx.assign(review, changes);
  await tx.flush();
  return toReviewDto(review);
}

/** False when the review was already gone. */
export async function deleteReviewRow(tx: EntityManager, id: number): Promise<boolean> {
  return (await tx.nativeDelete(Review, { id })) > 0;
}

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
