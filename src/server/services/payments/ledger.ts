import type { EntityManager } from '@mikro-orm/postgresql';
import { isClosedStatus } from '#shared/constants.ts';
import { todayIso } from '#shared/dates.ts';
import { REQUEST_NOT_ACCEPTED } from '#shared/messages.ts';
import {
  invoiceLines,
  ledgerTotals,
  refundOnCancel,
  refundRoutes,
  scheduleFacts,
  snapshotMinor,
  type TFactsLedgerLine,
  type TLedgerTotals,
} from '#shared/money-facts.ts';
import { leftOnCards } from '#shared/payment-terms.ts';
import { formatMinor, type TOfferedMethod } from '#shared/payments.ts';
import { bookedLines } from '#shared/pricing.ts';
import type {
  TAdjustmentInput,
  TBookingPayments,
  TRecordPaymentInput,
  TRefundInput,
} from '#shared/schemas/payments.ts';
import type { TEnv } from '../../env.ts';
import { AppError } from '../../errors.ts';
import {
  findPlan,
  insertLine,
  lineWithKey,
  listLines,
  lockPlan,
  refundableCardPayments,
  type TPlanRow,
} from '../../repositories/payments.ts';
import { listDocuments } from '../../repositories/documents.ts';
import { findDeposit } from '../../repositories/deposits.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { issueDocuments } from './documents.ts';
import { emailPaymentReceived } from './emails.ts';
import { depositView } from './deposit.ts';
import { createRefund } from './stripe.ts';
import { methodsOffered } from './terms.ts';

/** A booking's ledger (docs/payments.md#ledger): its snapshot, its lines and the totals derived from them. */

export const PAYMENT_BOOKING_NOT_FOUND = 'Booking not found';
export const PAYMENT_ON_CANCELLED = 'A cancelled booking takes no payments';
export const PAYMENT_ALREADY_RECORDED = 'This payment is already recorded';
export const PAID_IN_FULL = 'This booking is paid in full';
export const paymentOverDue = (due: number) =>
  `A payment cannot be more than the balance due (${formatMinor(due)})`;
export const refundOverPaid = (net: number) =>
  `A refund cannot be more than what was paid (${formatMinor(net)})`;
export const cardRefundOverCard = (card: number) =>
  `A card refund cannot be more than what was paid by card and not yet refunded (${formatMinor(card)})`;
export const CARD_NOT_CONFIGURED = 'Card payments are not configured';
export const ADJUSTMENT_ON_CLOSED = 'A cancelled or declined booking takes no extra charges';
export const adjustmentBelowZero = (charged: number) =>
  `A credit cannot be more than what the booking charges (${formatMinor(charged)})`;

/** The methods a booking offers now: its snapshot's, with card only while Stripe is configured. */
export function offeredMethods(plan: TPlanRow, env: TEnv): TOfferedMethod[] {
  return methodsOffered(plan.methods, env.stripe !== undefined);
}

/** The ledger's totals of a booking (docs/payments.md#money-facts), from its plan row and its lines. */
export function totalsOf(
  plan: Pick<TPlanRow, 'total_amount' | 'deposit_amount' | 'cancellation_fee'> & { status: string },
  lines: readonly TFactsLedgerLine[],
): TLedgerTotals {
  return ledgerTotals({
    total: plan.total_amount,
    deposit: plan.deposit_amount,
    cancelled: isClosedStatus(plan.status),
    cancellationFee: plan.cancellation_fee ?? 0,
    lines,
  });
}

async function planOr404(em: EntityManager, bookingId: number): Promise<TPlanRow> {
  const plan = await findPlan(em, bookingId);
  if (!plan) throw new AppError('NOT_FOUND', PAYMENT_BOOKING_NOT_FOUND);
  return plan;
}

export async function bookingPayments(
  em: EntityManager,
  bookingId: number,
  env: TEnv,
  opts: { cancellationFee?: number | null } = {},
): Promise<TBookingPayments> {
  const [plan, lines, documents, deposit] = await Promise.all([
    planOr404(em, bookingId),
    listLines(em, bookingId),
    listDocuments(em, bookingId),
    findDeposit(em, bookingId),
  ]);
  const totals = totalsOf(plan, lines);
  const methods = offeredMethods(plan, env);
  // Unless the caller states the policy's fee (the guest's side), it is the operator's cancel: it keeps no
  // fee, and a closed booking cannot be cancelled again.
  const fee =
    opts.cancellationFee !== undefined ? opts.cancellationFee : isClosedStatus(plan.status) ? null : 0;
  const refund = fee === null ? null : refundOnCancel(totals, fee);
  const charges = invoiceLines(
    snapshotMinor({
      checkIn: plan.check_in,
      nightPrices: plan.night_prices ?? [],
      lines: bookedLines({
        taxRate: Number(plan.tax_rate),
        taxAmount: plan.tax_amount,
        priceLines: plan.price_lines,
      }),
      totalPrice: plan.total_amount,
      cancellationFeeCharged: null,
    }),
    lines,
  );
  return {
    bookingId,
    confirmationNumber: plan.confirmation_number,
    bookingStatus: plan.status,
    schedule: {
      currency: plan.currency,
      total: plan.total_amount,
      depositPercent: plan.deposit_percent,
      deposit: plan.deposit_amount,
      balance: plan.balance_amount,
      balanceDueOn: plan.balance_due_on,
      dueNow: scheduleFacts(
        { deposit: plan.deposit_amount, balanceDueOn: plan.balance_due_on },
        totals,
        isClosedStatus(plan.status),
        todayIso(),
      ).dueNow,
      depositDeadlineAt: plan.deposit_deadline_at,
      deadlineAction: plan.deadline_action as 'cancel' | 'flag',
      methods,
      bankInstructions: methods.includes('bank_transfer') ? plan.bank_instructions : null,
      securityDeposit: deposit?.amount ?? null,
    },
    lines,
    charges,
    totals,
    refundOnCancel: refund,
    // Cards are refunded by themselves only while Stripe is set up (refundCardsAfterCancel).
    cancelRefund: refund === null ? null : refundRoutes(refund, env.stripe ? leftOnCards(lines) : 0),
    flaggedAt: plan.flagged_at,
    damageDeposit: depositView(deposit, plan, env),
    // Shown while the balance it was for is still owed.
    balanceChargeFailed:
      plan.balance_charge_failed_at && totals.balanceDue > 0
        ? { at: plan.balance_charge_failed_at, reason: plan.balance_charge_error ?? null }
        : null,
    cardSaved: plan.stripe_payment_method !== null,
    invoiceNumber: documents.find((d) => d.event === 'invoice')?.number ?? null,
    documents: documents.map((d) => ({
      kind: d.kind,
      number: d.number,
      issuedAt: d.issuedAt,
      total: d.total,
    })),
  };
}

/**
 * An adjustment (docs/payments.md#adjustments): a signed ledger line that changes what the booking charges,
 * logged, and, once the invoice is issued, documented by a credit note or an invoice of its own. A credit
 * never takes the booking below zero; a closed booking takes credits only.
 */
export async function recordAdjustment(
  em: EntityManager,
  input: TAdjustmentInput,
  actor: TActor,
  now = new Date(),
): Promise<void> {
  await em.transactional(async (tx) => {
    if (!(await lockPlan(tx, input.id))) throw new AppError('NOT_FOUND', PAYMENT_BOOKING_NOT_FOUND);
    const plan = await planOr404(tx, input.id);
    if (plan.status === 'requested') throw new AppError('VALIDATION', REQUEST_NOT_ACCEPTED);
    const dedupeKey = input.requestId ? `adjustment:${input.requestId}` : null;
    if (dedupeKey && (await lineWithKey(tx, input.id, dedupeKey)))
      throw new AppError('CONFLICT', PAYMENT_ALREADY_RECORDED);
    await insertAdjustment(tx, plan, input.amount, input.reason, actor, now, dedupeKey);
    await recordActivity(tx, actor, {
      action: 'payment.adjust',
      entityType: 'booking',
      entityId: input.id,
      after: { amount: input.amount, reason: input.reason },
    });
    await issueDocuments(tx, input.id, { invoice: false }, now);
  });
}

async function insertAdjustment(
  tx: EntityManager,
  plan: TPlanRow,
  amount: number,
  reason: string,
  actor: TActor | null,
  now: Date,
  dedupeKey: string | null,
): Promise<void> {
  const totals = totalsOf(plan, await listLines(tx, plan.booking_id));
  if (amount > 0 && isClosedStatus(plan.status)) throw new AppError('VALIDATION', ADJUSTMENT_ON_CLOSED);
  if (totals.charged + amount < 0) throw new AppError('VALIDATION', adjustmentBelowZero(totals.charged));
  const id = await insertLine(tx, {
    bookingId: plan.booking_id,
    kind: 'adjustment',
    // The ledger's method column names how money moved; an adjustment moves none.
    method: 'other',
    amount,
    currency: plan.currency,
    reason,
    occurredAt: now,
    recordedById: actor?.id ?? null,
    recordedByName: actor ? actor.name || actor.username : 'System',
    dedupeKey,
  });
  if (id === null) throw new AppError('CONFLICT', PAYMENT_ALREADY_RECORDED);
}

/**
 * The operator records money received by bank transfer, cash or otherwise. Lines of one booking are
 * written in turn (its plan row is locked), so two admins cannot both fill the same balance; the same
 * submission or the same method and reference twice is one line, the second answered 409.
 */
export async function recordManualPayment(
  em: EntityManager,
  input: TRecordPaymentInput,
  actor: TActor,
  now = new Date(),
): Promise<void> {
  await em.transactional(async (tx) => {
    if (!(await lockPlan(tx, input.id))) throw new AppError('NOT_FOUND', PAYMENT_BOOKING_NOT_FOUND);
    const plan = await planOr404(tx, input.id);
    if (isClosedStatus(plan.status)) throw new AppError('VALIDATION', PAYMENT_ON_CANCELLED);
    if (plan.status === 'requested') throw new AppError('VALIDATION', REQUEST_NOT_ACCEPTED);
    const dedupeKey = input.requestId
      ? `request:${input.requestId}`
      : input.reference
        ? `${input.method}:${input.reference.toLowerCase()}`
        : null;
    if (dedupeKey && (await lineWithKey(tx, input.id, dedupeKey)))
      throw new AppError('CONFLICT', PAYMENT_ALREADY_RECORDED);
    const totals = totalsOf(plan, await listLines(tx, input.id));
    if (totals.balanceDue === 0) throw new AppError('VALIDATION', PAID_IN_FULL);
    if (input.amount > totals.balanceDue) throw new AppError('VALIDATION', paymentOverDue(totals.balanceDue));
    const id = await insertLine(tx, {
      bookingId: input.id,
      kind: 'payment',
      method: input.method,
      amount: input.amount,
      currency: plan.currency,
      reference: input.reference ?? null,
      occurredAt: input.receivedAt ? new Date(input.receivedAt) : now,
      recordedById: actor.id,
      recordedByName: actor.name || actor.username,
      dedupeKey,
    });
    if (id === null) throw new AppError('CONFLICT', PAYMENT_ALREADY_RECORDED);
    await recordActivity(tx, actor, {
      action: 'payment.record',
      entityType: 'booking',
      entityId: input.id,
      after: { amount: input.amount, method: input.method, reference: input.reference ?? null, lineId: id },
    });
    await emailPaymentReceived(tx, input.id, input.amount);
  });
}

/**
 * A refund: by card through Stripe's Refunds API (against the booking's card payments, newest first), or
 * a manual refund the operator made. Never more than was paid.
 */
export async function recordRefund(
  em: EntityManager,
  input: TRefundInput,
  actor: TActor | null,
  env: TEnv,
  now = new Date(),
): Promise<void> {
  await em.transactional(async (tx) => {
    if (!(await lockPlan(tx, input.id))) throw new AppError('NOT_FOUND', PAYMENT_BOOKING_NOT_FOUND);
    const plan = await planOr404(tx, input.id);
    const dedupeKey = input.requestId ? `refund:${input.requestId}` : null;
    if (dedupeKey && (await lineWithKey(tx, input.id, dedupeKey)))
      throw new AppError('CONFLICT', PAYMENT_ALREADY_RECORDED);
    const totals = totalsOf(plan, await listLines(tx, input.id));
    if (input.amount > totals.net) throw new AppError('VALIDATION', refundOverPaid(totals.net));
    // A goodwill refund lowers what the booking charges by as much, so it leaves nothing due.
    if (input.goodwill)
      await insertAdjustment(
        tx,
        plan,
        -input.amount,
        `Goodwill: ${input.reason}`.slice(0, 200),
        actor,
        now,
        input.requestId ? `goodwill:${input.requestId}` : null,
      );
    const cards = await refundableCardPayments(tx, input.id);
    const method = input.method ?? (cards.length > 0 ? 'card' : 'other');
    const recordedByName = actor ? actor.name || actor.username : 'System';
    if (method === 'card') {
      await refundByCard(tx, env, plan, cards, input.amount, input.reason, {
        recordedById: actor?.id ?? null,
        recordedByName,
        keyBase: input.requestId ?? `${input.id}-${now.getTime()}`,
        now,
      });
    } else {
      await insertLine(tx, {
        bookingId: input.id,
        kind: 'refund',
        method,
        amount: input.amount,
        currency: plan.currency,
        reason: input.reason,
        occurredAt: now,
        recordedById: actor?.id ?? null,
        recordedByName,
        dedupeKey,
      });
    }
    await recordActivity(tx, actor, {
      action: 'payment.refund',
      entityType: 'booking',
      entityId: input.id,
      after: { amount: input.amount, method, reason: input.reason, goodwill: input.goodwill ?? false },
    });
    if (input.goodwill) await issueDocuments(tx, input.id, { invoice: false }, now);
  });
}

/** Spreads a card refund over the card payments, newest first; each Stripe refund becomes one line. */
async function refundByCard(
  tx: EntityManager,
  env: TEnv,
  plan: TPlanRow,
  cards: { paymentIntent: string; left: number }[],
  amount: number,
  reason: string,
  who: { recordedById: number | null; recordedByName: string; keyBase: string; now: Date },
): Promise<void> {
  if (!env.stripe) throw new AppError('VALIDATION', CARD_NOT_CONFIGURED);
  const onCards = cards.reduce((sum, c) => sum + c.left, 0);
  if (amount > onCards) throw new AppError('VALIDATION', cardRefundOverCard(onCards));
  let rest = amount;
  for (const card of cards) {
    if (rest === 0) break;
    const part = Math.min(rest, card.left);
    const refundId = await createRefund(
      env.stripe,
      card.paymentIntent,
      part,
      `${who.keyBase}-${card.paymentIntent}`,
    );
    await insertLine(tx, {
      bookingId: plan.booking_id,
      kind: 'refund',
      method: 'card',
      amount: part,
      currency: plan.currency,
      reference: refundId,
      reason,
      occurredAt: who.now,
      recordedById: who.recordedById,
      recordedByName: who.recordedByName,
      dedupeKey: `stripe-refund:${refundId}`,
      stripePaymentIntent: card.paymentIntent,
    });
    rest -= part;
  }
}

/**
 * After a cancellation: its credit note is issued, and what the policy gives back of what was paid is refunded to the cards it came from
 * (as far as they cover it); the rest stays 'refund due' for the operator. A Stripe failure leaves it due.
 */
export async function refundCardsAfterCancel(em: EntityManager, bookingId: number, env: TEnv): Promise<void> {
  // The cancellation's credit note (and the invoice it credits) is issued first, whatever the cards do.
  if ((await findPlan(em, bookingId))?.status === 'cancelled')
    await issueDocuments(em, bookingId, { invoice: true });
  if (!env.stripe) return;
  const plan = await findPlan(em, bookingId);
  if (!plan || plan.status !== 'cancelled') return;
  const totals = totalsOf(plan, await listLines(em, bookingId));
  const cards = await refundableCardPayments(em, bookingId);
  const onCards = cards.reduce((sum, c) => sum + c.left, 0);
  const amount = Math.min(totals.refundDue, onCards);
  if (amount === 0) return;
  await recordRefund(
    em,
    { id: bookingId, amount, reason: 'Cancellation', method: 'card', requestId: `cancel-${bookingId}` },
    null,
    env,
  ).catch((err: unknown) => {
    // Left as 'refund due': the operator sees it on the Payments page and can refund by hand.
    if (!(err instanceof AppError)) throw err;
  });
}
