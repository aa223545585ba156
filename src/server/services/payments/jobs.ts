import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, formatIsoDate } from '#shared/dates.ts';
import { formatMinor } from '#shared/payments.ts';
import { AppError } from '../../errors.ts';
import { bookingCheckOut } from '../../repositories/bookings.ts';
import { markCancelled } from '../../repositories/managed-bookings.ts';
import {
  findPlan,
  listLines,
  lockPlan,
  markPlan,
  plansDueForNotice,
  plansPastDepositDeadline,
} from '../../repositories/payments.ts';
import { recordActivity } from '../activity/activity.ts';
import { issueManageLink } from '../bookings/manage.ts';
import { managePath } from '../bookings/manage-links.ts';
import { queueComposed } from '../email/compose.ts';
import { absoluteUrl } from '../email/outbox.ts';
import { paragraph } from '../email/render.ts';
import { paymentWaysBlocks, type TCardReach } from './terms.ts';
import { getSettings } from '../settings/settings.ts';
import { issueDocuments } from './documents.ts';
import { totalsOf } from './ledger.ts';

/**
 * Payments' scheduled work (docs/payments.md#reminders-and-deadlines). Each takes `now`, so tests run it
 * at any moment; each marks what it did on the booking's plan in the same transaction as its email, so
 * it happens once however often the job runs.
 */

/** The balance reminder goes this many days before the balance is due; the final notice on the day. */
export const REMINDER_DAYS_BEFORE_DUE = 7;

const today = (now: Date) => now.toISOString().slice(0, 10);

type TKind = 'reminder' | 'final';

async function dueForNotice(em: EntityManager, kind: TKind, now: Date): Promise<number[]> {
  const on = kind === 'reminder' ? addDays(today(now), REMINDER_DAYS_BEFORE_DUE) : today(now);
  return plansDueForNotice(em, kind, on, today(now));
}

/** Balance reminders, then final notices; none for a paid or cancelled booking. Answers how many went. */
export async function sendBalanceNotices(
  em: EntityManager,
  now = new Date(),
  reach: TCardReach = { cardAvailable: false },
): Promise<number> {
  let sent = 0;
  for (const kind of ['reminder', 'final'] as const) {
    for (const id of await dueForNotice(em, kind, now)) {
      await em.transactional(async (tx) => {
        if (!(await lockPlan(tx, id))) return;
        const plan = await findPlan(tx, id);
        if (!plan || plan.status === 'cancelled' || !plan.contact_info) return;
        await markPlan(tx, id, kind === 'reminder' ? { reminderSentAt: now } : { finalNoticeSentAt: now });
        const totals = totalsOf(plan, await listLines(tx, id));
        // Paid already: marked, so it is never looked at again, and nothing is sent.
        if (totals.balanceDue === 0) return;
        const settings = await getSettings(tx);
        if (!settings.enableEmailNotifications) return;
        const checkOut = await bookingCheckOut(tx, id);
        const token = await issueManageLink(tx, id, checkOut ?? plan.check_in);
        const amount = formatMinor(totals.balanceDue, plan.currency);
        const dueOn = plan.balance_due_on ? formatIsoDate(plan.balance_due_on, true) : 'now';
        await queueComposed(tx, settings, [
          {
            bookingId: id,
            to: plan.contact_info.email,
            subject:
              kind === 'reminder'
                ? `Balance due on ${dueOn}: booking ${plan.confirmation_number}`
                : `Final notice: balance due for booking ${plan.confirmation_number}`,
            template: kind === 'reminder' ? 'payment-balance-reminder' : 'payment-final-notice',
            heading: kind === 'reminder' ? 'Your balance is due soon' : 'Final notice: your balance is due',
            blocks: [
              paragraph(
                kind === 'reminder'
                  ? `Hello ${plan.contact_info.name}, the balance of ${amount} for booking ${plan.confirmation_number} is due on ${dueOn}.`
                  : `Hello ${plan.contact_info.name}, the balance of ${amount} for booking ${plan.confirmation_number} was due on ${dueOn}. Please pay it before your stay.`,
              ),
              ...paymentWaysBlocks(plan, reach),
            ],
            action: { label: 'Pay balance', url: absoluteUrl(managePath(token)) },
          },
        ]);
        sent += 1;
      });
    }
  }
  return sent;
}

/**
 * Deposits not paid by their deadline: the booking is flagged for the operator, or (the operator's
 * choice in the snapshot) cancelled, its dates freed and the guest told. Each booking is handled once.
 */
export async function enforceDepositDeadlines(em: EntityManager, now = new Date()): Promise<number> {
  let handled = 0;
  for (const id of await plansPastDepositDeadline(em, now)) {
    await em.transactional(async (tx) => {
      if (!(await lockPlan(tx, id))) return;
      const plan = await findPlan(tx, id);
      if (!plan || plan.flagged_at || plan.status === 'cancelled') return;
      await markPlan(tx, id, { flaggedAt: now });
      const totals = totalsOf(plan, await listLines(tx, id));
      if (totals.depositDue === 0) {
        // Paid in time after all: nothing to flag.
        await markPlan(tx, id, { flaggedAt: null, depositDeadlineAt: null });
        return;
      }
      handled += 1;
      if (plan.deadline_action === 'flag') {
        await recordActivity(tx, null, {
          action: 'payment.deposit_overdue',
          entityType: 'booking',
          entityId: id,
          after: { flagged: true },
        });
        return;
      }
      if (!(await markCancelled(tx, id))) throw new AppError('CONFLICT', 'This booking is already cancelled');
      const docs = await issueDocuments(tx, id, { invoice: true }, now);
      const creditNotes = docs.filter((d) => d.event === 'cancellation').map((d) => d.number);
      await recordActivity(tx, null, {
        action: 'payment.deposit_deadline_cancel',
        entityType: 'booking',
        entityId: id,
        before: { status: plan.status },
        after: { status: 'cancelled' },
      });
      const settings = await getSettings(tx);
      if (plan.contact_info)
        await queueComposed(tx, settings, [
          {
            bookingId: id,
            to: plan.contact_info.email,
            subject: `Booking cancelled: ${plan.confirmation_number} (deposit not received)`,
            template: 'payment-deadline-cancelled',
            heading: 'Your booking is cancelled',
            blocks: [
              paragraph(
                `Hello ${plan.contact_info.name}, the deposit of ${formatMinor(plan.deposit_amount, plan.currency)} for booking ${plan.confirmation_number} was not received in time, so the booking is cancelled and its dates are free again.`,
              ),
              ...creditNotes.map((n) => paragraph(`Its credit note ${n} is attached as a PDF.`)),
            ],
            attachments: creditNotes,
          },
        ]);
    });
  }
  return handled;
}
