import type { EntityManager } from '@mikro-orm/postgresql';
import { enforceLimit, type TLimit } from '../auth/throttle.ts';
import { isClosedStatus } from '#shared/constants.ts';
import { REQUEST_NOT_ACCEPTED } from '#shared/messages.ts';
import { z } from 'zod';
import { formatMinor, METHOD_LABELS, type TPayPart } from '#shared/payments.ts';
import type { TBookingPayments, TPayResult } from '#shared/schemas/payments.ts';
import type { TEnv } from '../../env.ts';
import { AppError } from '../../errors.ts';
import { log } from '../../logger.ts';
import {
  findPlan,
  insertLine,
  listLines,
  lockPlan,
  markPlan,
  recordStripeEvent,
} from '../../repositories/payments.ts';
import { recordActivity } from '../activity/activity.ts';
import { managePath } from '../bookings/manage-links.ts';
import { bookingIdForToken, loadManaged } from '../bookings/manage.ts';
import { emailPaymentReceived } from './emails.ts';
import { bookingPayments, offeredMethods, PAYMENT_BOOKING_NOT_FOUND, totalsOf } from './ledger.ts';
import { createCheckoutSession, createCustomer, stripeFor } from './stripe.ts';

/** The guest's side of payments (docs/payments.md#guest): by the booking's manage link. */

export const NOTHING_DUE = 'Nothing is due on this booking';
export const DEPOSIT_ALREADY_PAID = 'The deposit is already paid';
export const BALANCE_ONLY_DEPOSIT_DUE = 'Only the deposit is due on this booking: pay the deposit';
export const CANCELLED_NO_PAYMENT = 'This booking is cancelled: nothing is due';
export const METHOD_NOT_OFFERED = (method: string) => `${method} is not offered for this booking`;

export async function paymentsByToken(
  em: EntityManager,
  token: string,
  env: TEnv,
  now = new Date(),
): Promise<TBookingPayments> {
  const bookingId = await bookingIdForToken(em, token, now);
  const managed = await loadManaged(em, bookingId, null, now);
  // What cancelling now would give back: the policy's fee (when it can be cancelled) kept of what was paid.
  return bookingPayments(em, bookingId, env, {
    cancellationFee: managed.canCancel ? (managed.cancellationFee ?? 0) : null,
  });
}

/** Checkout Sessions one booking may open per hour (docs/payments.md#stripe). */
export const CHECKOUT_LIMIT = {
  name: 'checkout:booking',
  max: 10,
  windowMinutes: 60,
} as const satisfies TLimit;

export async function payByToken(
  em: EntityManager,
  input: { token: string; part: TPayPart; method?: 'card' | 'bank_transfer' },
  env: TEnv,
  origin: string,
  now = new Date(),
  idempotencyKey?: string,
): Promise<TPayResult> {
  const bookingId = await bookingIdForToken(em, input.token, now);
  const plan = await findPlan(em, bookingId);
  if (!plan) throw new AppError('NOT_FOUND', PAYMENT_BOOKING_NOT_FOUND);
  if (isClosedStatus(plan.status)) throw new AppError('VALIDATION', CANCELLED_NO_PAYMENT);
  // The deposit is asked for once a request is accepted (docs/booking-operations.md#payments).
  if (plan.status === 'requested') throw new AppError('VALIDATION', REQUEST_NOT_ACCEPTED);
  const totals = totalsOf(plan, await listLines(em, bookingId));
  if (totals.balanceDue === 0) throw new AppError('VALIDATION', NOTHING_DUE);
  let amount: number;
  if (input.part === 'deposit') {
    if (totals.depositDue === 0) throw new AppError('VALIDATION', DEPOSIT_ALREADY_PAID);
    amount = totals.depositDue;
  } else if (input.part === 'balance') {
    // The balance is what is owed beyond the deposit: an unpaid deposit is not part of it.
    amount = totals.balanceDue - totals.depositDue;
    if (amount === 0) throw new AppError('VALIDATION', BALANCE_ONLY_DEPOSIT_DUE);
  } else amount = totals.balanceDue;
  const dueOn = input.part === 'deposit' || !plan.balance_due_on ? null : plan.balance_due_on;
  const methods = offeredMethods(plan, env);
  const method = input.method ?? (methods.includes('card') ? 'card' : 'bank_transfer');
  const base = { amount, currency: plan.currency, dueOn };
  if (method === 'card' && methods.includes('card') && env.stripe) {
    // Each card payment opens a Checkout Session at Stripe, by a link that needs no account.
    await enforceLimit(em, CHECKOUT_LIMIT, String(bookingId));
    const back = `${origin}${managePath(input.token)}`;
    // The card is saved to the booking's customer, for the balance and the damage deposit's hold.
    let customer = plan.stripe_customer;
    if (!customer) {
      customer = await createCustomer(env.stripe, {
        bookingId,
        email: plan.contact_info?.email,
        name: plan.contact_info?.name,
        idempotencyKey: `customer-${bookingId}-${plan.confirmation_number}`,
      });
      await markPlan(em, bookingId, { stripeCustomer: customer });
    }
    const checkoutUrl = await createCheckoutSession(env.stripe, {
      bookingId,
      part: input.part,
      amount,
      currency: plan.currency,
      description: `Booking ${plan.confirmation_number}: ${input.part === 'deposit' ? 'deposit' : input.part === 'balance' ? 'balance' : 'full amount'}`,
      email: plan.contact_info?.email,
      customer,
      // The part tells the page it returns to what to wait for (docs/checkout.md#return).
      successUrl: `${back}?payment=done&part=${input.part}`,
      cancelUrl: `${back}?payment=cancelled`,
      // A repeat of the guest's attempt opens no second session at Stripe (docs/resilience.md#idempotency).
      idempotencyKey: idempotencyKey ? `${idempotencyKey}-${bookingId}-${input.part}-${amount}` : undefined,
    });
    return { ...base, checkoutUrl };
  }
  if (methods.includes('bank_transfer'))
    return {
      ...base,
      instructions: `${plan.bank_instructions}\nAmount: ${formatMinor(amount, plan.currency)}. Reference: ${plan.confirmation_number}.`,
    };
  if (methods.includes('pay_on_arrival'))
    return {
      ...base,
      instructions: `${METHOD_LABELS.pay_on_arrival}: ${formatMinor(amount, plan.currency)} at check-in.`,
    };
  throw new AppError('VALIDATION', METHOD_NOT_OFFERED(METHOD_LABELS[method]));
}

export const BAD_SIGNATURE = 'Invalid Stripe signature';
export const UNREADABLE_EVENT = 'This Stripe event could not be read';
export const AMOUNT_NOT_POSITIVE = 'A card payment must be a positive whole number of cents';
/** Stripe's own ceiling for a charge (eight digits of minor units); anything above it is not a real payment. */
export const STRIPE_MAX_AMOUNT = 99_999_999;
export const AMOUNT_OVER_STRIPE_MAX = `A card payment cannot be more than ${formatMinor(STRIPE_MAX_AMOUNT)}`;
export const currencyNotBookings = (got: string, want: string) =>
  `A card payment in ${got} cannot be recorded on a booking paid in ${want}`;

/**
 * The parts of a signed event we read: the signature proves who sent it, not that its body is usable. Ids
 * are held to what their columns keep (Stripe's own are under 70 characters).
 */
const ZStripeId = z.string().min(1).max(100);
const ZStripeEvent = z.object({
  id: ZStripeId,
  type: ZStripeId,
  data: z.object({ object: z.looseObject({}) }),
});

const ZCheckoutSession = z.object({
  id: ZStripeId,
  payment_status: z.string().nullish(),
  amount_total: z.number().nullish(),
  currency: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_intent: z.union([ZStripeId, z.object({ id: ZStripeId })]).nullish(),
  // Seconds since 1970, within what a Date holds.
  created: z.int().nonnegative().max(8_640_000_000_000).nullish(),
});

/** Our bookings' ids as Checkout metadata carries them: a positive integer a table key can hold. */
const BOOKING_ID = /^[1-9]\d{0,8}$/;
type TCheckoutSession = z.infer<typeof ZCheckoutSession>;

const ZPaymentIntent = z.object({
  id: ZStripeId,
  amount_received: z.number().nullish(),
  currency: z.string().nullish(),
  customer: z.union([ZStripeId, z.object({ id: ZStripeId })]).nullish(),
  payment_method: z.union([ZStripeId, z.object({ id: ZStripeId })]).nullish(),
  setup_future_usage: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  created: z.int().nonnegative().max(8_640_000_000_000).nullish(),
});
type TPaymentIntent = z.infer<typeof ZPaymentIntent>;
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** A signed event we will not act on: logged with its reason, answered 400, nothing recorded. */
function refuseEvent(reason: string, details: Record<string, unknown>): AppError {
  log.warn('stripe event refused', { reason, ...details });
  return new AppError('VALIDATION', reason);
}

/**
 * Stripe's webhook (docs/payments.md#webhook): the signature is checked over the exact bytes received, then
 * each event id is recorded once, in the same transaction as what it causes, so a replay records nothing.
 * A signed event that is unreadable, not a positive amount or in another currency than the booking's is
 * refused (docs/payments.md#refused-events); its transaction rolls back, so neither it nor money is kept.
 */
export async function handleStripeWebhook(
  em: EntityManager,
  env: TEnv,
  rawBody: Buffer | undefined,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  if (!env.stripe) throw new AppError('NOT_FOUND', 'Card payments are not configured');
  if (!rawBody || !signature) throw new AppError('VALIDATION', BAD_SIGNATURE);
  let signed: unknown;
  try {
    signed = stripeFor(env.stripe).webhooks.constructEvent(rawBody, signature, env.stripe.webhookSecret);
  } catch (err) {
    // The SDK parses the body only once the signature holds: a SyntaxError is signed bytes that are not JSON.
    if (err instanceof SyntaxError) throw refuseEvent(UNREADABLE_EVENT, { error: err.message });
    throw new AppError('VALIDATION', BAD_SIGNATURE);
  }
  const parsed = ZStripeEvent.safeParse(signed);
  if (!parsed.success) throw refuseEvent(UNREADABLE_EVENT, { issues: z.prettifyError(parsed.error) });
  const event = parsed.data;
  let duplicate = false;
  await em.transactional(async (tx) => {
    if (!(await recordStripeEvent(tx, event.id, event.type))) {
      duplicate = true;
      return;
    }
    if (
      event.type === 'checkout.session.completed' ||
      event.type === 'checkout.session.async_payment_succeeded'
    ) {
      const session = ZCheckoutSession.safeParse(event.data.object);
      if (!session.success)
        throw refuseEvent(UNREADABLE_EVENT, { event: event.id, issues: z.prettifyError(session.error) });
      await recordCheckoutPayment(tx, event.id, session.data);
    } else if (event.type === 'payment_intent.succeeded') {
      const intent = ZPaymentIntent.safeParse(event.data.object);
      if (!intent.success)
        throw refuseEvent(UNREADABLE_EVENT, { event: event.id, issues: z.prettifyError(intent.error) });
      await recordIntentSucceeded(tx, event.id, intent.data);
    }
  });
  return { received: true, duplicate };
}

async function recordCheckoutPayment(
  tx: EntityManager,
  eventId: string,
  session: TCheckoutSession,
): Promise<void> {
  if (session.payment_status !== 'paid') return;
  const paymentIntent = idOf(session.payment_intent);
  await recordCardPayment(tx, {
    where: { event: eventId, session: session.id },
    amount: session.amount_total,
    currency: session.currency,
    bookingRef: session.metadata?.bookingId ?? '',
    paymentIntent,
    reference: paymentIntent ?? session.id,
    created: session.created,
  });
}

/**
 * A PaymentIntent that succeeded: its card is saved on the booking when it was set up for later
 * (docs/payments.md#automatic-balance), and the payment is recorded keyed by the intent, as Checkout's
 * event and the balance charge record it, so the three make one line. A damage deposit's capture is
 * recorded by its claim, with its charge, never here.
 */
async function recordIntentSucceeded(tx: EntityManager, eventId: string, intent: TPaymentIntent) {
  const bookingRef = intent.metadata?.bookingId ?? '';
  const customer = idOf(intent.customer);
  const paymentMethod = idOf(intent.payment_method);
  if (
    BOOKING_ID.test(bookingRef) &&
    customer &&
    paymentMethod &&
    intent.setup_future_usage === 'off_session' &&
    (await lockPlan(tx, Number(bookingRef)))
  )
    await markPlan(tx, Number(bookingRef), { stripeCustomer: customer, stripePaymentMethod: paymentMethod });
  if (intent.metadata?.part === 'damage_deposit') return;
  await recordCardPayment(tx, {
    where: { event: eventId, paymentIntent: intent.id },
    amount: intent.amount_received,
    currency: intent.currency,
    bookingRef,
    paymentIntent: intent.id,
    reference: intent.id,
    created: intent.created,
  });
}

async function recordCardPayment(
  tx: EntityManager,
  p: {
    where: Record<string, string>;
    amount: number | null | undefined;
    currency: string | null | undefined;
    bookingRef: string;
    paymentIntent: string | null;
    reference: string;
    created: number | null | undefined;
  },
): Promise<void> {
  const { amount, where } = p;
  if (amount === null || amount === undefined || !Number.isSafeInteger(amount) || amount <= 0)
    throw refuseEvent(AMOUNT_NOT_POSITIVE, { ...where, amount });
  if (amount > STRIPE_MAX_AMOUNT) throw refuseEvent(AMOUNT_OVER_STRIPE_MAX, { ...where, amount });
  const bookingId = Number(p.bookingRef);
  // A payment we did not start (another product on the same Stripe account) is acknowledged and left alone.
  if (!BOOKING_ID.test(p.bookingRef) || !(await lockPlan(tx, bookingId))) {
    log.warn('stripe checkout for no known booking', where);
    return;
  }
  const plan = await findPlan(tx, bookingId);
  if (!plan) return;
  const currency = (p.currency ?? '').toUpperCase();
  if (currency !== plan.currency.toUpperCase())
    throw refuseEvent(currencyNotBookings(currency || 'no currency', plan.currency), {
      ...where,
      bookingId,
      currency,
    });
  // Money Stripe took is recorded even when it is more than is due (paid twice, or after a cancel): the
  // ledger then shows it as 'refund due'.
  const id = await insertLine(tx, {
    bookingId,
    kind: 'payment',
    method: 'card',
    amount,
    currency: plan.currency,
    reference: p.reference,
    occurredAt: new Date((p.created ?? Date.now() / 1000) * 1000),
    recordedById: null,
    recordedByName: 'Stripe',
    dedupeKey: `stripe:${p.reference}`,
    stripePaymentIntent: p.paymentIntent,
  });
  if (id === null) return;
  await recordActivity(tx, null, {
    action: 'payment.card',
    entityType: 'booking',
    entityId: bookingId,
    after: { amount, method: 'card', reference: p.reference, lineId: id },
  });
  await emailPaymentReceived(tx, bookingId, amount);
}
