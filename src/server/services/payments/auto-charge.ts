import type { EntityManager } from '@mikro-orm/postgresql';
import { formatMinor } from '#shared/payments.ts';
import type { TEnv } from '../../env.ts';
import { plansDueForAutoCharge } from '../../repositories/deposits.ts';
import { bookingCheckOut } from '../../repositories/bookings.ts';
import { findPlan, insertLine, listLines, lockPlan, markPlan } from '../../repositories/payments.ts';
import { recordActivity } from '../activity/activity.ts';
import { issueManageLink } from '../bookings/manage.ts';
import { managePath } from '../bookings/manage-links.ts';
import { queueComposed } from '../email/compose.ts';
import { absoluteUrl } from '../email/outbox.ts';
import { paragraph } from '../email/render.ts';
import { getSettings } from '../settings/settings.ts';
import { emailPaymentReceived } from './emails.ts';
import { totalsOf } from './ledger.ts';
import { chargeSavedCard } from './stripe.ts';

/**
 * The balance charged on its date to the card saved at checkout (docs/payments.md#automatic-balance).
 * Each booking is tried once (`balance_charge_at`, marked in the same transaction as the charge's outcome).
 * A success is a card payment keyed by its PaymentIntent, as Stripe's `payment_intent.succeeded` about it
 * is, so the two make one line; a refusal e-mails the guest the manage page's Pay balance link and flags
 * the booking 'Balance charge failed'. Answers how many were charged and how many failed.
 */
export async function chargeDueBalances(
  em: EntityManager,
  env: Pick<TEnv, 'stripe'>,
  now = new Date(),
): Promise<{ charged: number; failed: number }> {
  const out = { charged: 0, failed: 0 };
  if (!env.stripe) return out;
  const stripe = env.stripe;
  for (const id of await plansDueForAutoCharge(em, now.toISOString().slice(0, 10))) {
    await em.transactional(async (tx) => {
      if (!(await lockPlan(tx, id))) return;
      const plan = await findPlan(tx, id);
      if (!plan?.stripe_customer || !plan.stripe_payment_method) return;
      await markPlan(tx, id, { balanceChargeAt: now });
      const totals = totalsOf(plan, await listLines(tx, id));
      // Paid already (by hand, or by Checkout): nothing to charge.
      if (totals.balanceDue === 0 || !plan.methods.includes('card')) return;
      const amount = totals.balanceDue;
      const result = await chargeSavedCard(stripe, {
        bookingId: id,
        part: 'balance',
        amount,
        currency: plan.currency,
        customer: plan.stripe_customer,
        paymentMethod: plan.stripe_payment_method,
        description: `Booking ${plan.confirmation_number}: balance`,
        // One charge per booking and amount, however often this runs or is retried after a rollback.
        idempotencyKey: `balance-${id}-${plan.confirmation_number}-${amount}`,
      });
      if (result.ok) {
        const lineId = await insertLine(tx, {
          bookingId: id,
          kind: 'payment',
          method: 'card',
          amount: result.amount,
          currency: plan.currency,
          reference: result.paymentIntent,
          occurredAt: now,
          recordedById: null,
          recordedByName: 'Stripe',
          dedupeKey: `stripe:${result.paymentIntent}`,
          stripePaymentIntent: result.paymentIntent,
        });
        if (lineId !== null) {
          await recordActivity(tx, null, {
            action: 'payment.card',
            entityType: 'booking',
            entityId: id,
            after: {
              amount: result.amount,
              method: 'card',
              reference: result.paymentIntent,
              lineId,
              auto: true,
            },
          });
          await emailPaymentReceived(tx, id, result.amount);
        }
        out.charged += 1;
        return;
      }
      await markPlan(tx, id, { balanceChargeFailedAt: now, balanceChargeError: result.code.slice(0, 200) });
      await recordActivity(tx, null, {
        action: 'payment.balance_charge_failed',
        entityType: 'booking',
        entityId: id,
        after: { amount, code: result.code, paymentIntent: result.paymentIntent },
      });
      out.failed += 1;
      const settings = await getSettings(tx);
      if (!plan.contact_info || !settings.enableEmailNotifications) return;
      const token = await issueManageLink(tx, id, (await bookingCheckOut(tx, id)) ?? plan.check_in);
      const money = formatMinor(amount, plan.currency);
      await queueComposed(tx, settings, [
        {
          bookingId: id,
          to: plan.contact_info.email,
          subject: `Payment needed: the balance for booking ${plan.confirmation_number}`,
          template: 'payment-balance-charge-failed',
          heading: 'We could not charge your card',
          blocks: [
            paragraph(
              `Hello ${plan.contact_info.name}, the balance of ${money} for booking ${plan.confirmation_number} could not be charged to the card you saved${
                result.code === 'authentication_required' ? ': your bank asks you to confirm the payment' : ''
              }. Please pay it with the link below before your stay.`,
            ),
          ],
          action: { label: 'Pay balance', url: absoluteUrl(managePath(token)) },
        },
      ]);
    });
  }
  return out;
}
