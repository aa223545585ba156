import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TAdminReview, TAdminReviewFilter } from '#shared/schemas/admin-tables.ts';
import type { TReview } from '#shared/schemas/review.ts';
import { Property } from '../entities/property.entity.ts';
import { Review, type IReview } from '../entities/review.entity.ts';
import { User } from '../entities/user.entity.ts';
import { counterTotal } from './admin-counters.ts';
import { inHomes, type THomeScope } from './home-scope.ts';
import { db, listed } from './db.ts';
import { containsPattern } from './sql.ts';

/** Reviews, and the rating and count they keep on their property (docs/decisions.md#ratings). */

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
  const row = await db(tx)
    .selectFrom('properties')
    .select('id')
    .where('id', '=', propertyId)
    .$if(opts.listed, (q) => q.where(listed()))
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** rating = average of the reviews (null when none remain), reviewCount = their number. */
export async function recountRating(tx: EntityManager, propertyId: number): Promise<void> {
  const s = db(tx)
    .selectFrom('reviews')
    .where('property_id', '=', propertyId)
    .select([sql<number | null>`avg(rating)::float8`.as('avg'), sql<number>`count(*)::int`.as('n')])
    .as('s');
  await db(tx)
    .updateTable('properties as p')
    .from(s)
    .set((eb) => ({ rating: eb.ref('s.avg'), review_count: eb.ref('s.n') }))
    .where('p.id', '=', propertyId)
    .execute();
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
  const rows = await db(em)
    .insertInto('reviews')
    .values({
      booking_id: r.bookingId,
      property_id: r.propertyId,
      user_id: r.userId,
      user_name: r.userName,
      rating: r.rating,
      comment: r.comment,
      date: sql`now()`,
    })
    .onConflict((oc) => oc.column('booking_id').doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** The reviews table's filter, narrowed to the caller's homes (docs/staff.md#per-home-access). */
type TScopedReviewFilter = TAdminReviewFilter & { homes?: THomeScope | undefined };

function adminReviews(em: EntityManager, f: TScopedReviewFilter) {
  let q = db(em).selectFrom('reviews as r').selectAll('r');
  if (f.homes) q = q.where(inHomes('r.property_id', f.homes));
  if (f.propertyId) q = q.where('r.property_id', '=', f.propertyId);
  if (f.rating) q = q.where('r.rating', '=', f.rating);
  if (f.q) q = q.where('r.user_name', 'ilike', containsPattern(f.q));
  return q;
}

/**
 * The admin's list of every review: newest first, by home, rating and reviewer name. One page, picked by
 * index before its homes' titles are joined (reviews_date_id_idx, reviews_rating_date_id_idx,
 * reviews_property_date_idx, reviews_user_name_trgm_idx). Reviews of archived homes are listed too: they
 * stay on record, as the home's bookings do.
 */
export async function listAdminReviewRows(
  em: EntityManager,
  f: TScopedReviewFilter,
  limit: number,
  offset: number,
): Promise<TAdminReview[]> {
  const page = adminReviews(em, f)
    .orderBy('r.date', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset);
  const rows = await db(em)
    .selectFrom(page.as('r'))
    .innerJoin('properties as p', 'p.id', 'r.property_id')
    .select([
      'r.id',
      'r.property_id',
      'p.title as property_title',
      'r.user_id',
      'r.booking_id',
      'r.user_name',
      'r.user_image',
      'r.date',
      'r.rating',
      'r.comment',
    ])
    .orderBy('r.date', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    propertyId: r.property_id,
    propertyTitle: r.property_title,
    userId: r.user_id,
    verified: r.booking_id !== null,
    userName: r.user_name,
    userImage: r.user_image,
    date: new Date(r.date).toISOString(),
    rating: r.rating,
    comment: r.comment,
  }));
}

export async function countAdminReviews(em: EntityManager, f: TScopedReviewFilter): Promise<number> {
  if (!f.homes && !f.propertyId && !f.q) {
    // All reviews, or all of one rating: the running totals answer without counting every review.
    return counterTotal(em, f.rating ? { name: `reviews:${f.rating}` } : { prefix: 'reviews:' });
  }
  const row = await adminReviews(em, f)
    .clearSelect()
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}
