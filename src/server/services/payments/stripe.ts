import Stripe from 'stripe';
import type { TStripeConfig } from '../../env.ts';
import { AppError } from '../../errors.ts';
import { log } from '../../logger.ts';

/**
 * Stripe through its official SDK (docs/payments.md#stripe). The host, port and protocol come from the
 * environment, so tests point the real SDK at a local stand-in for Stripe's servers.
 */
const clients = new WeakMap<TStripeConfig, Stripe>();

export function stripeFor(config: TStripeConfig): Stripe {
  let client = clients.get(config);
  if (!client) {
    client = new Stripe(config.secretKey, {
      host: config.host,
      port: config.port,
      protocol: config.protocol,
      maxNetworkRetries: 1,
      timeout: 15_000,
      appInfo: { name: 'StayHub' },
    });
    clients.set(config, client);
  }
  return client;
}

export const STRIPE_UNAVAILABLE = 'Card payments are unavailable right now. Please try again later.';

/** A failed call to Stripe, logged and answered as a 503 the caller may retry. */
export function stripeFailure(err: unknown, what: string): AppError {
  log.warn('stripe call failed', { what, err: String(err) });
  return new AppError('UNAVAILABLE', STRIPE_UNAVAILABLE);
}

export interface TCheckoutRequest {
  bookingId: number;
  part: string;
  amount: number;
  currency: string;
  description: string;
  email: string | undefined;
  successUrl: string;
  cancelUrl: string;
  /** Stripe's own Idempotency-Key: a repeated call answers with the session the first one made. */
  idempotencyKey?: string | undefined;
  /** The booking's Stripe customer: the card is saved to it for the balance and the damage deposit hold. */
  customer?: string | undefined;
}

/** A Checkout Session for one part of a booking; the webhook reads its metadata back. */
export async function createCheckoutSession(config: TStripeConfig, req: TCheckoutRequest): Promise<string> {
  try {
    const session = await stripeFor(config).checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: req.currency.toLowerCase(),
              unit_amount: req.amount,
              product_data: { name: req.description },
            },
          },
        ],
        ...(req.customer ? { customer: req.customer } : { customer_email: req.email }),
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
        metadata: { bookingId: String(req.bookingId), part: req.part },
        payment_intent_data: {
          metadata: { bookingId: String(req.bookingId), part: req.part },
          // The card is kept for charges made without the guest (docs/payments.md#automatic-balance).
          ...(req.customer ? { setup_future_usage: 'off_session' as const } : {}),
        },
      },
      req.idempotencyKey ? { idempotencyKey: req.idempotencyKey } : undefined,
    );
    if (!session.url) throw new Error('Checkout Session without a url');
    return session.url;
  } catch (err) {
    throw stripeFailure(err, 'checkout.sessions.create');
  }
}

/** Refunds part of a card payment; `idempotencyKey` makes a retried call one refund at Stripe. */
export async function createRefund(
  config: TStripeConfig,
  paymentIntent: string,
  amount: number,
  idempotencyKey: string,
): Promise<string> {
  try {
    const refund = await stripeFor(config).refunds.create(
      { payment_intent: paymentIntent, amount },
      { idempotencyKey },
    );
    return refund.id;
  } catch (err) {
    throw stripeFailure(err, 'refunds.create');
  }
}

/** The booking's customer at Stripe, made once (the key makes a repeat the same customer). */
export async function createCustomer(
  config: TStripeConfig,
  req: { bookingId: number; email: string | undefined; name: string | undefined; idempotencyKey: string },
): Promise<string> {
  try {
    const customer = await stripeFor(config).customers.create(
      { email: req.email, name: req.name, metadata: { bookingId: String(req.bookingId) } },
      { idempotencyKey: req.idempotencyKey },
    );
    return customer.id;
  } catch (err) {
    throw stripeFailure(err, 'customers.create');
  }
}

/** What a charge without the guest came to: paid (or held), or why not. */
export type TOffSessionResult =
  | { ok: true; paymentIntent: string; status: string; amount: number }
  | { ok: false; code: string; message: string; paymentIntent: string | null };

/**
 * A charge on the saved card without the guest (`off_session`, confirmed at once), or with
 * `hold: true` an authorization only (`capture_method: 'manual'`), captured or cancelled later. A card
 * declined, or one that needs the guest (authentication_required), answers `ok: false` with Stripe's
 * code; a failure to reach Stripe throws as any other call.
 */
export async function chargeSavedCard(
  config: TStripeConfig,
  req: {
    bookingId: number;
    part: 'balance' | 'damage_deposit';
    amount: number;
    currency: string;
    customer: string;
    paymentMethod: string;
    description: string;
    hold?: boolean;
    idempotencyKey: string;
  },
): Promise<TOffSessionResult> {
  try {
    const intent = await stripeFor(config).paymentIntents.create(
      {
        amount: req.amount,
        currency: req.currency.toLowerCase(),
        customer: req.customer,
        payment_method: req.paymentMethod,
        off_session: true,
        confirm: true,
        description: req.description,
        ...(req.hold ? { capture_method: 'manual' as const } : {}),
        metadata: { bookingId: String(req.bookingId), part: req.part },
      },
      { idempotencyKey: req.idempotencyKey },
    );
    const wanted = req.hold ? 'requires_capture' : 'succeeded';
    if (intent.status !== wanted)
      return {
        ok: false,
        code: intent.status === 'requires_action' ? 'authentication_required' : intent.status,
        message: `The card was not charged (${intent.status})`,
        paymentIntent: intent.id,
      };
    return { ok: true, paymentIntent: intent.id, status: intent.status, amount: intent.amount };
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError || isCardRefusal(err)) {
      const e = err as { code?: string; message: string; payment_intent?: { id: string } };
      return {
        ok: false,
        code: e.code ?? 'card_declined',
        message: e.message,
        paymentIntent: e.payment_intent?.id ?? null,
      };
    }
    throw stripeFailure(err, 'paymentIntents.create');
  }
}

/** authentication_required comes as an invalid request with the intent needing the guest. */
function isCardRefusal(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeError && err.code === 'authentication_required';
}

/** Takes `amount` of a held card authorization; Stripe releases the rest of the hold. */
export async function captureHold(
  config: TStripeConfig,
  paymentIntent: string,
  amount: number,
  idempotencyKey: string,
): Promise<void> {
  try {
    await stripeFor(config).paymentIntents.capture(
      paymentIntent,
      { amount_to_capture: amount },
      { idempotencyKey },
    );
  } catch (err) {
    throw stripeFailure(err, 'paymentIntents.capture');
  }
}

/** Releases a held card authorization whole. */
export async function cancelHold(config: TStripeConfig, paymentIntent: string): Promise<void> {
  try {
    await stripeFor(config).paymentIntents.cancel(
      paymentIntent,
      {},
      { idempotencyKey: `release-${paymentIntent}` },
    );
  } catch (err) {
    throw stripeFailure(err, 'paymentIntents.cancel');
  }
}
