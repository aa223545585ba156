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
        customer_email: req.email,
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
        metadata: { bookingId: String(req.bookingId), part: req.part },
        payment_intent_data: { metadata: { bookingId: String(req.bookingId), part: req.part } },
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
