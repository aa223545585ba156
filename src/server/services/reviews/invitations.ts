import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays } from '#shared/dates.ts';
import { bookingCheckOut } from '../../repositories/bookings.ts';
import { markReviewInvited, staysToInviteForReview } from '../../repositories/managed-bookings.ts';
import { issueManageLink } from '../bookings/manage.ts';
import { emailReviewInvitation } from '../email/guest-emails.ts';

/** Stays that ended longer ago than this are not invited any more (a late start must not spam old guests). */
const INVITE_WINDOW_DAYS = 7;

/**
 * The day after check-out, each completed stay's guest is invited to review it, once, with a fresh manage
 * link (the review form is on the manage page). Runs hourly on the queue.
 */
export async function sendReviewInvitations(em: EntityManager, now = new Date()): Promise<number> {
  const yesterday = addDays(now.toISOString().slice(0, 10), -1);
  const ids = await staysToInviteForReview(em, addDays(yesterday, -INVITE_WINDOW_DAYS), yesterday);
  let sent = 0;
  for (const id of ids) {
    await em.transactional(async (tx) => {
      if (!(await markReviewInvited(tx, id))) return;
      const checkOut = await bookingCheckOut(tx, id);
      if (!checkOut) return;
      await emailReviewInvitation(tx, id, await issueManageLink(tx, id, checkOut));
      sent += 1;
    });
  }
  return sent;
}
