import type { EntityManager } from '@mikro-orm/postgresql';
import {
  bankSentence,
  cancellationMoney,
  leftOnCards,
  methodsSentence,
  scheduleSentence,
  type TCancelMoney,
} from '#shared/payment-terms.ts';
import { formatMinor, ledgerTotals, OFFERED_METHODS, type TOfferedMethod } from '#shared/payments.ts';
import { findPlan, listLines, type TPlanRow } from '../../repositories/payments.ts';
import type { TLedgerLine } from '#shared/schemas/payments.ts';
import type { TEnv } from '../../env.ts';
import { paragraph, type TEmailBlock } from '../email/render.ts';

/**
 * The money facts the guest's screens and emails state about a cancellation (docs/payments.md), from the
 * booking's snapshot and its ledger. A booking's fee is kept in the prices' unit; the ledger counts minor
 * units.
 */

export function cancelMoneyOf(
  plan: TPlanRow,
  lines: readonly TLedgerLine[],
  fee: number,
): TCancelMoney & { currency: string } {
  const { net, adjustments, charged } = ledgerTotals({
    total: plan.total_amount,
    deposit: plan.deposit_amount,
    cancelled: false,
    cancellationFee: 0,
    lines,
  });
  return {
    currency: plan.currency,
    ...cancellationMoney({ net, adjustments, charged, onCards: leftOnCards(lines), fee }),
  };
}

/** What cancelling with `fee` (minor units) keeps and gives back; null for a booking with no schedule. */
export async function cancelMoneyFor(
  em: EntityManager,
  bookingId: number,
  fee: number,
): Promise<(TCancelMoney & { currency: string }) | null> {
  const [plan, lines] = await Promise.all([findPlan(em, bookingId), listLines(em, bookingId)]);
  return plan ? cancelMoneyOf(plan, lines, fee) : null;
}

/** Whether card can be offered: only while the server has Stripe's keys (docs/payments.md#schedule). */
export interface TCardReach {
  cardAvailable: boolean;
}

export const cardReach = (env: Pick<TEnv, 'stripe'>): TCardReach => ({
  cardAvailable: env.stripe !== undefined,
});

/** The snapshot's methods as offered now: card only while Stripe is configured. */
export function methodsOffered(methods: readonly string[], cardAvailable: boolean): TOfferedMethod[] {
  return OFFERED_METHODS.filter((m) => methods.includes(m) && (m !== 'card' || cardAvailable));
}

/**
 * The payment terms every booking email carries (docs/payments.md#what-each-surface-states): the deposit
 * and the balance with its date (or the whole amount), what is paid so far, the methods offered and the
 * bank transfer instructions. A request not yet accepted is told that nothing is charged until then.
 */
export async function paymentTermsBlocks(
  em: EntityManager,
  bookingId: number,
  reach: TCardReach,
): Promise<TEmailBlock[]> {
  const [plan, lines] = await Promise.all([findPlan(em, bookingId), listLines(em, bookingId)]);
  if (!plan) return [];
  const money = (minor: number) => formatMinor(minor, plan.currency);
  const schedule = {
    total: plan.total_amount,
    deposit: plan.deposit_amount,
    balance: plan.balance_amount,
    balanceDueOn: plan.balance_due_on,
  };
  const requested = plan.status === 'requested';
  const { net } = ledgerTotals({ ...schedule, cancelled: false, cancellationFee: 0, lines });
  return [
    paragraph(
      requested
        ? `Nothing is charged until your request is accepted. ${scheduleSentence(schedule, money, 'once it is accepted')}`
        : `${scheduleSentence(schedule, money, 'now')}${net > 0 ? ` Paid so far: ${money(net)}.` : ''}`,
    ),
    ...paymentWaysBlocks(plan, reach),
  ];
}

/** How the guest can pay: the methods offered and, when bank transfer is one, its instructions. */
export function paymentWaysBlocks(
  plan: Pick<TPlanRow, 'methods' | 'bank_instructions' | 'confirmation_number'>,
  reach: TCardReach,
): TEmailBlock[] {
  const methods = methodsOffered(plan.methods, reach.cardAvailable);
  const offered = methodsSentence(methods);
  return [
    ...(offered ? [paragraph(offered)] : []),
    ...(methods.includes('bank_transfer') && plan.bank_instructions
      ? [paragraph(bankSentence(plan.bank_instructions, plan.confirmation_number))]
      : []),
  ];
}
