import type { EntityManager } from '@mikro-orm/postgresql';
import { formatIsoDate } from '#shared/dates.ts';
import { formatMinor } from '#shared/payments.ts';
import { findPlan, listLines } from '../../repositories/payments.ts';
import { queueComposed } from '../email/compose.ts';
import { paragraph } from '../email/render.ts';
import { getSettings } from '../settings/settings.ts';
import { totalsOf } from './ledger.ts';

/** The guest is told a payment arrived (off with Email Notifications). Called in the payment's transaction. */
export async function emailPaymentReceived(
  tx: EntityManager,
  bookingId: number,
  amount: number,
): Promise<void> {
  const [settings, plan] = await Promise.all([getSettings(tx), findPlan(tx, bookingId)]);
  if (!plan?.contact_info || !settings.enableEmailNotifications) return;
  const totals = totalsOf(plan, await listLines(tx, bookingId));
  await queueComposed(tx, settings, [
    {
      bookingId,
      to: plan.contact_info.email,
      subject: `Payment received: booking ${plan.confirmation_number}`,
      template: 'payment-received',
      heading: 'Payment received',
      blocks: [
        paragraph(
          `Hello ${plan.contact_info.name}, we received ${formatMinor(amount, plan.currency)} for booking ${plan.confirmation_number}. ${
            totals.balanceDue > 0
              ? `The balance of ${formatMinor(totals.balanceDue, plan.currency)} is due${plan.balance_due_on ? ` on ${formatIsoDate(plan.balance_due_on, true)}` : ''}.`
              : 'It is paid in full.'
          }`,
        ),
      ],
    },
  ]);
}
