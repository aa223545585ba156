import type { EntityManager } from '@mikro-orm/postgresql';
import { isClosedStatus } from '#shared/constants.ts';
import { todayIso } from '#shared/dates.ts';
import {
  guestPayment,
  guestPaymentLabel,
  ledgerTotals,
  type TFactsLedgerLine,
  type TGuestPayment,
} from '#shared/money-facts.ts';
import { guestPaymentRows } from '../../repositories/payments.ts';

/**
 * Where each booking's payments stand for its guest, from the money facts (docs/trip-page.md#payment-words).
 * A request not accepted, or declined, asks nothing: null, as is a booking without a payment plan, and a
 * cancelled one that neither paid nor owes anything.
 */
export type TGuestPaymentWords = TGuestPayment & { label: string };

export async function guestPayments(
  em: EntityManager,
  bookingIds: readonly number[],
  now = new Date(),
): Promise<Map<number, TGuestPaymentWords | null>> {
  const { plans, lines } = await guestPaymentRows(em, bookingIds);
  const today = todayIso(now);
  const byBooking = new Map<number, TFactsLedgerLine[]>();
  for (const l of lines) byBooking.set(l.booking_id, [...(byBooking.get(l.booking_id) ?? []), l]);
  const answer = new Map<number, TGuestPaymentWords | null>(bookingIds.map((id) => [id, null]));
  for (const plan of plans) {
    if (plan.status === 'requested' || plan.status === 'declined') continue;
    const own = byBooking.get(plan.booking_id) ?? [];
    const cancelled = isClosedStatus(plan.status);
    // The ledger's own rule (ledger.ts totalsOf), read here without the ledger service's imports.
    const totals = ledgerTotals({
      total: plan.total_amount,
      deposit: plan.deposit_amount,
      cancelled,
      cancellationFee: plan.cancellation_fee ?? 0,
      lines: own,
    });
    if (cancelled && totals.paid === 0 && totals.balanceDue === 0) continue;
    const payment = guestPayment(totals, { balanceDueOn: plan.balance_due_on }, cancelled, today);
    answer.set(plan.booking_id, { ...payment, label: guestPaymentLabel(payment) });
  }
  return answer;
}
