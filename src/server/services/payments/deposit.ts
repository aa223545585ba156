import type { EntityManager } from '@mikro-orm/postgresql';
import { isClosedStatus } from '#shared/constants.ts';
import { damageClaimLines } from '#shared/money-facts.ts';
import { formatMinor, METHOD_LABELS, type TManualMethod } from '#shared/payments.ts';
import type { TDamageDeposit, TDepositClaimInput, TDepositReceivedInput } from '#shared/schemas/payments.ts';
import type { TEnv } from '../../env.ts';
import { AppError } from '../../errors.ts';
import { log } from '../../logger.ts';
import {
  depositsDueForHold,
  depositsDueForRelease,
  findDeposit,
  updateDeposit,
  type TDepositRow,
} from '../../repositories/deposits.ts';
import {
  findPlan,
  insertLine,
  lockPlan,
  readPaymentSettings,
  type TPlanRow,
} from '../../repositories/payments.ts';
import { recordActivity, type TActor } from '../activity/activity.ts';
import { enforceLimit, type TLimit } from '../auth/throttle.ts';
import { queueComposed, type TComposedEmail } from '../email/compose.ts';
import { paragraph } from '../email/render.ts';
import { getSettings } from '../settings/settings.ts';
import { issueDocuments } from './documents.ts';
import { cancelHold, captureHold, chargeSavedCard } from './stripe.ts';

/**
 * The damage deposit (docs/payments.md#damage-deposit): a per-home amount each booking keeps apart from its
 * price. A guest with a saved card has it held on the card (an authorization, captured only by a claim);
 * otherwise the operator records it received and returned. It never enters the ledger: only a claim does,
 * as a damage charge and the payment that settles it.
 */

export const NO_DAMAGE_DEPOSIT = 'This booking has no damage deposit';
export const NOTHING_TO_CLAIM = 'The damage deposit is not held or received, so nothing can be claimed';
export const claimOverDeposit = (claimable: number, currency: string) =>
  `A claim cannot be more than the deposit held (${formatMinor(claimable, currency)})`;
export const CLAIM_ON_CLOSED = 'A cancelled or declined booking takes no damage claim';
export const DEPOSIT_NOT_DUE = 'The damage deposit is already taken';
export const DEPOSIT_HELD_ON_CARD = 'The damage deposit is held on the card: it is released, not recorded';
export const NOTHING_TO_RETURN = 'Nothing of the damage deposit is left to return';

/** Deposit actions one booking may take per hour: each can call Stripe (docs/payments.md#damage-deposit). */
export const DEPOSIT_ACTION_LIMIT = {
  name: 'deposit:booking',
  max: 20,
  windowMinutes: 60,
} as const satisfies TLimit;

const today = (now: Date) => now.toISOString().slice(0, 10);

/** What can still be claimed: the hold or what was received, while it is not settled. */
export function claimableOf(d: Pick<TDepositRow, 'status' | 'amount'>): number {
  return d.status === 'held' || d.status === 'received' ? d.amount : 0;
}

/** The deposit as the payments answer carries it. */
export function depositView(
  d: TDepositRow | null,
  plan: Pick<TPlanRow, 'stripe_payment_method'>,
  env: Pick<TEnv, 'stripe'>,
): TDamageDeposit | null {
  if (!d) return null;
  return {
    amount: d.amount,
    status: d.status,
    method: d.method ?? null,
    byCard: d.status === 'held' || d.method === 'card' || (d.status === 'due' && cardOn(plan, env)),
    heldAt: d.held_at,
    receivedAt: d.received_at,
    claimedAmount: d.claimed_amount,
    claimReason: d.claim_reason ?? null,
    claimedAt: d.claimed_at,
    settledAt: d.settled_at,
    claimable: claimableOf(d),
    error: d.error ?? null,
  };
}

const cardOn = (plan: Pick<TPlanRow, 'stripe_payment_method'>, env: Pick<TEnv, 'stripe'>) =>
  env.stripe !== undefined && plan.stripe_payment_method !== null;

async function lockedDeposit(tx: EntityManager, bookingId: number) {
  if (!(await lockPlan(tx, bookingId))) throw new AppError('NOT_FOUND', 'Booking not found');
  const plan = await findPlan(tx, bookingId);
  const deposit = await findDeposit(tx, bookingId);
  if (!plan) throw new AppError('NOT_FOUND', 'Booking not found');
  if (!deposit) throw new AppError('VALIDATION', NO_DAMAGE_DEPOSIT);
  return { plan, deposit };
}

/**
 * Holds the deposits whose day has come (`holdDaysBefore` check-in) on the guest's saved card: an
 * off-session PaymentIntent with manual capture. A card that refuses leaves it `hold_failed`, for the
 * operator to take it by hand. Answers how many were held.
 */
export async function placeDepositHolds(
  em: EntityManager,
  env: Pick<TEnv, 'stripe'>,
  now = new Date(),
): Promise<number> {
  if (!env.stripe) return 0;
  const stripe = env.stripe;
  const { depositHoldDaysBefore } = await readPaymentSettings(em);
  let held = 0;
  for (const id of await depositsDueForHold(em, today(now), depositHoldDaysBefore)) {
    await em.transactional(async (tx) => {
      const { plan, deposit } = await lockedDeposit(tx, id);
      if (deposit.status !== 'due' || !plan.stripe_customer || !plan.stripe_payment_method) return;
      const result = await chargeSavedCard(stripe, {
        bookingId: id,
        part: 'damage_deposit',
        amount: deposit.amount,
        currency: deposit.currency,
        customer: plan.stripe_customer,
        paymentMethod: plan.stripe_payment_method,
        description: `Booking ${plan.confirmation_number}: damage deposit hold`,
        hold: true,
        idempotencyKey: `deposit-hold-${id}-${plan.confirmation_number}`,
      });
      if (!result.ok) {
        await updateDeposit(tx, id, { status: 'hold_failed', error: result.code.slice(0, 200) });
        await recordActivity(tx, null, {
          action: 'payment.deposit_hold_failed',
          entityType: 'booking',
          entityId: id,
          after: { amount: deposit.amount, code: result.code },
        });
        return;
      }
      await updateDeposit(tx, id, {
        status: 'held',
        method: 'card',
        paymentIntent: result.paymentIntent,
        heldAt: now,
        error: null,
      });
      await recordActivity(tx, null, {
        action: 'payment.deposit_hold',
        entityType: 'booking',
        entityId: id,
        after: { amount: deposit.amount, paymentIntent: result.paymentIntent },
      });
      held += 1;
    });
  }
  return held;
}

/**
 * Releases the holds whose stay ended `releaseDaysAfter` days ago (or that were cancelled) with no claim:
 * the PaymentIntent is cancelled and the guest told. Answers how many were released.
 */
export async function releaseDepositHolds(
  em: EntityManager,
  env: Pick<TEnv, 'stripe'>,
  now = new Date(),
): Promise<number> {
  if (!env.stripe) return 0;
  const { depositReleaseDaysAfter } = await readPaymentSettings(em);
  let released = 0;
  for (const id of await depositsDueForRelease(em, today(now), depositReleaseDaysAfter)) {
    await em.transactional(async (tx) => {
      const { plan, deposit } = await lockedDeposit(tx, id);
      if (deposit.status !== 'held') return;
      await release(tx, env, plan, deposit, null, now);
      released += 1;
    });
  }
  return released;
}

async function release(
  tx: EntityManager,
  env: Pick<TEnv, 'stripe'>,
  plan: TPlanRow,
  deposit: TDepositRow,
  actor: TActor | null,
  now: Date,
): Promise<void> {
  if (!env.stripe || !deposit.payment_intent)
    throw new AppError('VALIDATION', 'Card payments are not configured');
  await cancelHold(env.stripe, deposit.payment_intent);
  await updateDeposit(tx, plan.booking_id, { status: 'released', settledAt: now });
  await recordActivity(tx, actor, {
    action: 'payment.deposit_release',
    entityType: 'booking',
    entityId: plan.booking_id,
    after: { amount: deposit.amount },
  });
  await emailGuest(tx, plan, {
    subject: `Damage deposit released: booking ${plan.confirmation_number}`,
    template: 'deposit-released',
    heading: 'Your damage deposit is released',
    text: `Hello ${plan.contact_info?.name ?? ''}, the hold of ${formatMinor(deposit.amount, deposit.currency)} on your card for booking ${plan.confirmation_number} is released. Nothing was charged.`,
  });
}

/**
 * A claim on the deposit (docs/payments.md#damage-deposit): at most what is held or was received, with a
 * reason. A card hold is captured for the amount (Stripe releases the rest); a deposit taken by hand keeps
 * the amount and leaves the rest to return. The ledger gets the damage charge and its payment; guest and
 * operator are both emailed.
 */
export async function claimDeposit(
  em: EntityManager,
  input: TDepositClaimInput,
  actor: TActor,
  env: Pick<TEnv, 'stripe'>,
  now = new Date(),
): Promise<void> {
  await enforceLimit(em, DEPOSIT_ACTION_LIMIT, String(input.id));
  await em.transactional(async (tx) => {
    const { plan, deposit } = await lockedDeposit(tx, input.id);
    if (isClosedStatus(plan.status)) throw new AppError('VALIDATION', CLAIM_ON_CLOSED);
    const claimable = claimableOf(deposit);
    if (claimable === 0) throw new AppError('VALIDATION', NOTHING_TO_CLAIM);
    if (input.amount > claimable)
      throw new AppError('VALIDATION', claimOverDeposit(claimable, deposit.currency));
    const byCard = deposit.status === 'held';
    if (byCard) {
      if (!env.stripe || !deposit.payment_intent)
        throw new AppError('VALIDATION', 'Card payments are not configured');
      // The key makes a retried claim (its transaction rolled back after Stripe captured) the same capture.
      await captureHold(env.stripe, deposit.payment_intent, input.amount, `claim-${deposit.payment_intent}`);
    }
    const [charge, settled] = damageClaimLines({ amount: input.amount, reason: input.reason });
    if (!charge || !settled) throw new Error('a claim is two ledger lines');
    const who = { recordedById: actor.id, recordedByName: actor.name || actor.username };
    await insertLine(tx, {
      bookingId: input.id,
      kind: charge.kind,
      method: 'other',
      amount: charge.amount,
      currency: plan.currency,
      reason: charge.reason ?? null,
      occurredAt: now,
      ...who,
      dedupeKey: `damage-charge:${input.id}`,
    });
    const method = byCard ? 'card' : ((deposit.method ?? 'other') as TManualMethod);
    await insertLine(tx, {
      bookingId: input.id,
      kind: settled.kind,
      method,
      amount: settled.amount,
      currency: plan.currency,
      reference: deposit.payment_intent ?? deposit.reference ?? null,
      reason: 'Damage deposit claim',
      occurredAt: now,
      ...who,
      // A captured hold is keyed as every card payment is: Stripe's event about it finds the line.
      dedupeKey: byCard ? `stripe:${deposit.payment_intent}` : `damage-payment:${input.id}`,
      stripePaymentIntent: byCard ? deposit.payment_intent : null,
    });
    const rest = deposit.amount - input.amount;
    await updateDeposit(tx, input.id, {
      status: 'claimed',
      claimedAmount: input.amount,
      claimReason: input.reason,
      claimedAt: now,
      // A hold's rest is released by the capture; money received by hand is settled when returned.
      settledAt: byCard || rest === 0 ? now : null,
    });
    await recordActivity(tx, actor, {
      action: 'payment.deposit_claim',
      entityType: 'booking',
      entityId: input.id,
      after: { amount: input.amount, reason: input.reason, method },
    });
    await issueDocuments(tx, input.id, { invoice: false }, now);
    const money = (n: number) => formatMinor(n, deposit.currency);
    const restText =
      rest === 0
        ? 'The whole deposit is kept.'
        : byCard
          ? `The rest of the hold, ${money(rest)}, is released.`
          : `The rest, ${money(rest)}, will be returned to you.`;
    await emailGuest(tx, plan, {
      subject: `Damage deposit: ${money(input.amount)} claimed for booking ${plan.confirmation_number}`,
      template: 'deposit-claimed',
      heading: 'A claim on your damage deposit',
      text: `Hello ${plan.contact_info?.name ?? ''}, ${money(input.amount)} of your damage deposit of ${money(deposit.amount)} for booking ${plan.confirmation_number} is kept for: ${input.reason}. ${restText}`,
    });
    await emailOperator(tx, plan.booking_id, {
      subject: `Damage deposit claimed: ${money(input.amount)} on booking ${plan.confirmation_number}`,
      template: 'deposit-claimed-operator',
      heading: 'Damage deposit claimed',
      text: `${money(input.amount)} of the damage deposit of ${money(deposit.amount)} on booking ${plan.confirmation_number} was claimed by ${who.recordedByName}: ${input.reason}. ${
        byCard
          ? `Captured on the guest's card; ${money(rest)} released.`
          : `${money(rest)} is to be returned to the guest.`
      }`,
    });
  });
}

/** A deposit taken by hand (bank transfer, cash, other): recorded as received, never as a payment. */
export async function recordDepositReceived(
  em: EntityManager,
  input: TDepositReceivedInput,
  actor: TActor,
  now = new Date(),
): Promise<void> {
  await enforceLimit(em, DEPOSIT_ACTION_LIMIT, String(input.id));
  await em.transactional(async (tx) => {
    const { plan, deposit } = await lockedDeposit(tx, input.id);
    if (deposit.status !== 'due' && deposit.status !== 'hold_failed')
      throw new AppError('VALIDATION', DEPOSIT_NOT_DUE);
    if (isClosedStatus(plan.status)) throw new AppError('VALIDATION', CLAIM_ON_CLOSED);
    await updateDeposit(tx, input.id, {
      status: 'received',
      method: input.method,
      reference: input.reference ?? null,
      receivedAt: now,
    });
    await recordActivity(tx, actor, {
      action: 'payment.deposit_received',
      entityType: 'booking',
      entityId: input.id,
      after: { amount: deposit.amount, method: input.method, reference: input.reference ?? null },
    });
  });
}

/**
 * What is left of a deposit goes back: money received by hand is recorded as returned (less a claim); a
 * card hold is released now instead of waiting for its day.
 */
export async function returnDeposit(
  em: EntityManager,
  bookingId: number,
  actor: TActor,
  env: Pick<TEnv, 'stripe'>,
  now = new Date(),
): Promise<void> {
  await enforceLimit(em, DEPOSIT_ACTION_LIMIT, String(bookingId));
  await em.transactional(async (tx) => {
    const { plan, deposit } = await lockedDeposit(tx, bookingId);
    if (deposit.status === 'held') {
      await release(tx, env, plan, deposit, actor, now);
      return;
    }
    const open =
      deposit.status === 'received' || (deposit.status === 'claimed' && deposit.settled_at === null);
    if (!open) throw new AppError('VALIDATION', NOTHING_TO_RETURN);
    const rest = deposit.amount - deposit.claimed_amount;
    await updateDeposit(tx, bookingId, {
      status: deposit.status === 'claimed' ? 'claimed' : 'returned',
      settledAt: now,
    });
    await recordActivity(tx, actor, {
      action: 'payment.deposit_returned',
      entityType: 'booking',
      entityId: bookingId,
      after: { amount: rest, method: deposit.method },
    });
    await emailGuest(tx, plan, {
      subject: `Damage deposit returned: booking ${plan.confirmation_number}`,
      template: 'deposit-returned',
      heading: 'Your damage deposit is returned',
      text: `Hello ${plan.contact_info?.name ?? ''}, ${formatMinor(rest, deposit.currency)} of your damage deposit for booking ${plan.confirmation_number} was returned to you by ${METHOD_LABELS[(deposit.method ?? 'other') as TManualMethod].toLowerCase()}.`,
    });
  });
}

async function emailGuest(
  tx: EntityManager,
  plan: TPlanRow,
  e: Pick<TComposedEmail, 'subject' | 'template' | 'heading'> & { text: string },
): Promise<void> {
  const settings = await getSettings(tx);
  if (!plan.contact_info || !settings.enableEmailNotifications) return;
  await queueComposed(tx, settings, [
    {
      bookingId: plan.booking_id,
      to: plan.contact_info.email,
      subject: e.subject,
      template: e.template,
      heading: e.heading,
      blocks: [paragraph(e.text)],
    },
  ]);
}

async function emailOperator(
  tx: EntityManager,
  bookingId: number,
  e: Pick<TComposedEmail, 'subject' | 'template' | 'heading'> & { text: string },
): Promise<void> {
  const settings = await getSettings(tx);
  if (!settings.notificationEmail) {
    log.warn('no notification email for the operator', { bookingId, template: e.template });
    return;
  }
  await queueComposed(tx, settings, [
    {
      bookingId,
      to: settings.notificationEmail,
      subject: e.subject,
      template: e.template,
      heading: e.heading,
      blocks: [paragraph(e.text)],
    },
  ]);
}
