import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { TReview, ZReviewCreateInput, ZReviewUpdateInput } from '../../../shared/schemas/review.ts';
import { Review } from '../../entities/review.entity.ts';
import { User } from '../../entities/user.entity.ts';
import { Property } from '../../entities/property.entity.ts';
import { AppError } from '../../errors.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { collectUnusedMediaQuietly } from '../media/gc.ts';
import type { TMediaStore } from '../media/store.ts';
import { PROPERTY_NOT_FOUND } from '../properties/queries.ts';
import { storeAvatar } from './avatar.ts';
import { toReviewDto } from './queries.ts';

export const REVIEW_NOT_FOUND = 'Review not found';

/**
 * Holds the property row for the rest of the transaction, so concurrent review changes of one property
 * run one after another and each recount sees the others (DECISIONS 14).
 */
export async function lockProperty(
  tx: EntityManager,
  propertyId: number,
  opts: { live: boolean },
): Promise<void> {
  const rows = await tx.execute<{ id: number }[]>(
    `select id from properties where id = ? ${opts.live ? 'and archived_at is null' : ''} for update`,
    [propertyId],
  );
  if (rows.length === 0) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
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

/** What the audit trail records of a review. */
const auditedReview = (r: {
  rating: number;
  comment: string;
  userName: string;
  userImage?: string | null;
}) => ({
  rating: r.rating,
  comment: r.comment,
  userName: r.userName,
  userImage: r.userImage ?? null,
});

/** The author is the signed-in admin whatever the body's userId says (the spec's client sends 1). */
export async function createReview(
  em: EntityManager,
  media: TMediaStore,
  actor: TActor,
  input: z.output<typeof ZReviewCreateInput>,
): Promise<TReview> {
  const userImage = await storeAvatar(media, input.userImage);
  return em.transactional(async (tx) => {
    await lockProperty(tx, input.propertyId, { live: true });
    const review = tx.create(Review, {
      property: tx.getReference(Property, input.propertyId),
      user: tx.getReference(User, actor.id),
      rating: input.rating,
      comment: input.comment,
      userName: input.userName,
      userImage,
    });
    await tx.persist(review).flush();
    await recountRating(tx, input.propertyId);
    await recordActivity(tx, actor, {
      action: 'review.create',
      entityType: 'review',
      entityId: review.id,
      before: {},
      after: { propertyId: input.propertyId, ...auditedReview(review) },
    });
    return toReviewDto(review);
  });
}

export async function updateReview(
  em: EntityManager,
  media: TMediaStore,
  id: number,
  input: z.output<typeof ZReviewUpdateInput>,
  actor: TActor | null,
): Promise<TReview> {
  const existing = await em.findOne(Review, id);
  if (!existing) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
  const userImage =
    input.userImage === undefined
      ? undefined
      : input.userImage === existing.userImage
        ? existing.userImage
        : await storeAvatar(media, input.userImage);
  const propertyId = existing.property.id;
  const previousImage = existing.userImage ?? null;
  const updated = await em.transactional(async (tx) => {
    await lockProperty(tx, propertyId, { live: false });
    const review = await tx.findOne(Review, id);
    if (!review) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
    const before = auditedReview(review);
    tx.assign(review, {
      ...(input.rating !== undefined ? { rating: input.rating } : {}),
      ...(input.comment !== undefined ? { comment: input.comment } : {}),
      ...(input.userName !== undefined ? { userName: input.userName } : {}),
      ...(userImage !== undefined ? { userImage } : {}),
    });
    await tx.flush();
    await recountRating(tx, propertyId);
    await recordActivity(tx, actor, {
      action: 'review.update',
      entityType: 'review',
      entityId: id,
      before,
      after: auditedReview(review),
    });
    return toReviewDto(review);
  });
  if (previousImage && updated.userImage !== previousImage) await collectUnusedMediaQuietly(em, media);
  return updated;
}

export async function deleteReview(
  em: EntityManager,
  media: TMediaStore,
  id: number,
  actor: TActor | null,
): Promise<{ ok: true }> {
  const existing = await em.findOne(Review, id);
  if (!existing) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
  const propertyId = existing.property.id;
  const hadImage = Boolean(existing.userImage);
  await em.transactional(async (tx) => {
    await lockProperty(tx, propertyId, { live: false });
    const deleted = await tx.execute<
      { id: number; rating: number; comment: string; user_name: string; user_image: string | null }[]
    >('delete from reviews where id = ? returning id, rating, comment, user_name, user_image', [id]);
    const row = deleted[0];
    if (!row) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
    await recountRating(tx, propertyId);
    await recordActivity(tx, actor, {
      action: 'review.delete',
      entityType: 'review',
      entityId: id,
      before: {
        propertyId,
        ...auditedReview({ ...row, userName: row.user_name, userImage: row.user_image }),
      },
      after: {},
    });
  });
  if (hadImage) await collectUnusedMediaQuietly(em, media);
  return { ok: true };
}
