import type { EntityManager } from '@mikro-orm/postgresql';
import type { TBookingStatus } from '#shared/constants.ts';
import type { TAdminBooking } from '#shared/schemas/admin.ts';
import { AppError } from '../../errors.ts';
import { lockBookingStatuses, setBookingStatus } from '../../repositories/admin-bookings.ts';
import {
  requestsPastDeadline,
  respondByOf,
  startDepositDeadline,
} from '../../repositories/booking-requests.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { BOOKING_NOT_FOUND, getAdminBooking } from '../admin/bookings.ts';
import { emailRequestAnswered, type TRequestAnswer } from '../email/request-emails.ts';
import { bookingStatusChanged } from '../messaging/automated.ts';
import type { TCardReach } from '../payments/terms.ts';

/** Requests to book: the operator's answer, and the clock's (docs/booking-operations.md#booking-modes). */

export const NOT_AWAITING_ANSWER = 'This booking is not a request awaiting an answer';

const STATUS_AFTER: Record<TRequestAnswer, TBookingStatus> = {
  accepted: 'confirmed',
  declined: 'declined',
  expired: 'declined',
};

/**
 * Answers one request under its row lock: its status, the deposit deadline of an accepted one, the
 * activity entry and the guest's email, all in one transaction. False when it is no longer a request (or,
 * for the clock, its deadline has moved), so two answers never both apply.
 */
async function answer(
  tx: EntityManager,
  id: number,
  outcome: TRequestAnswer,
  actor: TActor | null,
  now: Date,
  reach: TCardReach,
  reason?: string,
): Promise<boolean> {
  const before = (await lockBookingStatuses(tx, [id])).get(id);
  if (!before) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  if (before !== 'requested') return false;
  if (outcome === 'expired') {
    const due = await respondByOf(tx, id);
    if (!due || due > now) return false;
  }
  const after = STATUS_AFTER[outcome];
  // 'declined' gives the dates back through the bookings_hold_dates trigger; 'confirmed' keeps them held.
  await setBookingStatus(tx, id, after);
  if (outcome === 'accepted') await startDepositDeadline(tx, id, now);
  await recordActivity(tx, actor, {
    action:
      outcome === 'accepted'
        ? 'booking.accept'
        : outcome === 'declined'
          ? 'booking.decline'
          : 'booking.expire',
    entityType: 'booking',
    entityId: id,
    before: { status: before },
    after: reason ? { status: after, reason } : { status: after },
  });
  await emailRequestAnswered(tx, id, outcome, now, reach, reason);
  await bookingStatusChanged(tx, id, before, after, now);
  return true;
}

/**
 * The operator accepts or declines a request; anything but a request awaiting its answer is 409. A decline
 * carries the operator's reason, which the guest reads in the e-mail.
 */
export async function answerRequest(
  em: EntityManager,
  id: number,
  outcome: 'accepted' | 'declined',
  actor: TActor | null,
  reach: TCardReach,
  reason?: string,
  now = new Date(),
): Promise<TAdminBooking> {
  const done = await em.transactional((tx) => answer(tx, id, outcome, actor, now, reach, reason));
  if (!done) throw new AppError('CONFLICT', NOT_AWAITING_ANSWER);
  return getAdminBooking(em, id);
}

/** The queue's look: every request whose time to answer has passed is declined. Answers how many. */
export async function expireRequests(em: EntityManager, now = new Date()): Promise<number> {
  let expired = 0;
  for (const id of await requestsPastDeadline(em, now)) {
    // A declined request's email states no payment terms.
    if (await em.transactional((tx) => answer(tx, id, 'expired', null, now, { cardAvailable: false })))
      expired += 1;
  }
  return expired;
}
