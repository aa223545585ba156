import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { TManagedBooking, ZStayReviewForm } from '#shared/schemas/manage.ts';
import { AppError } from '../../errors.ts';
import { findManagedBooking } from '../../repositories/managed-bookings.ts';
import { insertStayReview } from '../../repositories/reviews.ts';
import type { TSessionUser } from '../auth/sessions.ts';
import {
  BOOKING_NOT_FOUND,
  bookingIdForToken,
  loadManaged,
  ownBookingId,
  stayIsOver,
} from '../bookings/manage.ts';
import { getSettings } from '../settings/settings.ts';
import { lockProperty, recountRating } from './mutations.ts';

export const REVIEWS_DISABLED = 'Reviews are turned off';
export const REVIEW_NOT_YET = 'You can review a stay once it is over';
export const REVIEW_NOT_CONFIRMED = 'Only confirmed stays can be reviewed';
export const ALREADY_REVIEWED = 'You have already reviewed this stay';

/** 'Emma W.': how a guest's name appears on a public review. */
export function publicReviewerName(fullName: string | undefined): string {
  const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  const first = parts[0];
  if (!first) return 'Guest';
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

/**
 * A review of a completed stay (docs/decisions.md#stay-reviews): confirmed, checked out, once per booking. It is written and
 * the property's rating and count recounted in one transaction that holds the property row (docs/decisions.md#ratings).
 */
async function reviewStay(
  em: EntityManager,
  bookingId: number,
  viewer: TSessionUser | null,
  input: z.output<typeof ZStayReviewForm>,
  now: Date,
): Promise<TManagedBooking> {
  const settings = await getSettings(em);
  if (!settings.enableReviews) throw new AppError('FORBIDDEN', REVIEWS_DISABLED);
  await em.transactional(async (tx) => {
    const booking = await findManagedBooking(tx, bookingId);
    if (!booking) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
    await lockProperty(tx, booking.property.id, { live: false });
    if (booking.status !== 'confirmed') throw new AppError('CONFLICT', REVIEW_NOT_CONFIRMED);
    if (!stayIsOver(booking.checkOut, now)) throw new AppError('CONFLICT', REVIEW_NOT_YET);
    const inserted = await insertStayReview(tx, {
      bookingId,
      propertyId: booking.property.id,
      userId: booking.userId,
      userName: publicReviewerName(booking.contactInfo?.name ?? viewer?.name ?? undefined),
      rating: input.rating,
      comment: input.comment,
    });
    if (!inserted) throw new AppError('CONFLICT', ALREADY_REVIEWED);
    await recountRating(tx, booking.property.id);
  });
  return loadManaged(em, bookingId, viewer, now);
}

export async function reviewByToken(
  em: EntityManager,
  token: string,
  viewer: TSessionUser | null,
  input: z.output<typeof ZStayReviewForm>,
  now = new Date(),
): Promise<TManagedBooking> {
  return reviewStay(em, await bookingIdForToken(em, token, now), viewer, input, now);
}

export async function reviewMine(
  em: EntityManager,
  user: TSessionUser,
  bookingId: number,
  input: z.output<typeof ZStayReviewForm>,
  now = new Date(),
): Promise<TManagedBooking> {
  return reviewStay(em, await ownBookingId(em, user.id, bookingId), user, input, now);
}
