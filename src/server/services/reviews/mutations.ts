import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { TReview, ZReviewCreateInput, ZReviewUpdateInput } from '#shared/schemas/review.ts';
import { AppError } from '../../errors.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';

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
import {
  deleteReviewRow,
  findReview,
  insertReview,
  lockReviewedProperty,
  recountRating,
  updateReviewRow,
} from '../../repositories/reviews.ts';
import { collectUnusedMediaQuietly } from '../media/gc.ts';
import type { TMediaStore } from '../media/store.ts';
import { PROPERTY_NOT_FOUND } from '../properties/queries.ts';
import { storeAvatar } from './avatar.ts';

export const REVIEW_NOT_FOUND = 'Review not found';

/**
 * Holds the property row for the rest of the transaction, so concurrent review changes of one property
 * run one after another and each recount sees the others (docs/decisions.md#ratings). `live` refuses an archived home.
 */
export async function lockProperty(
  tx: EntityManager,
  propertyId: number,
  opts: { live: boolean },
): Promise<void> {
  if (!(await lockReviewedProperty(tx, propertyId, { listed: opts.live })))
    throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
}

export { recountRating };

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
    const review = await insertReview(tx, {
      propertyId: input.propertyId,
      userId: actor.id,
      rating: input.rating,
      comment: input.comment,
      userName: input.userName,
      userImage,
    });
    await recountRating(tx, input.propertyId);
    await recordActivity(tx, actor, {
      action: 'review.create',
      entityType: 'review',
      entityId: review.id,
      before: {},
      after: { propertyId: input.propertyId, ...auditedReview(review) },
    });
    return review;
  });
}

export async function updateReview(
  em: EntityManager,
  media: TMediaStore,
  id: number,
  input: z.output<typeof ZReviewUpdateInput>,
  actor: TActor | null,
): Promise<TReview> {
  const existing = await findReview(em, id);
  if (!existing) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
  const userImage =
    input.userImage === undefined
      ? undefined
      : input.userImage === existing.userImage
        ? existing.userImage
        : await storeAvatar(media, input.userImage);
  const propertyId = existing.propertyId;
  const previousImage = existing.userImage;
  const updated = await em.transactional(async (tx) => {
    await lockProperty(tx, propertyId, { live: false });
    const review = await updateReviewRow(tx, id, {
      ...(input.rating !== undefined ? { rating: input.rating } : {}),
      ...(input.comment !== undefined ? { comment: input.comment } : {}),
      ...(input.userName !== undefined ? { userName: input.userName } : {}),
      ...(userImage !== undefined ? { userImage } : {}),
    });
    if (!review) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
    await recountRating(tx, propertyId);
    await recordActivity(tx, actor, {
      action: 'review.update',
      entityType: 'review',
      entityId: id,
      before: auditedReview(existing),
      after: auditedReview(review),
    });
    return review;
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
  const existing = await findReview(em, id);
  if (!existing) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
  const propertyId = existing.propertyId;
  const hadImage = Boolean(existing.userImage);
  await em.transactional(async (tx) => {
    await lockProperty(tx, propertyId, { live: false });
    if (!(await deleteReviewRow(tx, id))) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
    await recountRating(tx, propertyId);
    await recordActivity(tx, actor, {
      action: 'review.delete',
      entityType: 'review',
      entityId: id,
      before: { propertyId, ...auditedReview(existing) },
      after: {},
    });
  });
  if (hadImage) await collectUnusedMediaQuietly(em, media);
  return { ok: true };
}
