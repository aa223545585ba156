import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for Stripe's API servers, at the network edge: the real SDK is pointed here by its
 * host/port/protocol options (STRIPE_API_HOST/PORT/PROTOCOL) and answers the few endpoints payments use.
 * Webhooks are signed with the SDK's own test-header helper.
 */
export interface TStandInSession {
  id: string;
  object: 'checkout.session';
  url: string;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete';
  created: number;
  mode: 'payment';
  customer_email: string | null;
  customer: string | null;
  success_url: string;
  /** What the session's PaymentIntent carries: its metadata and whether the card is kept for later. */
  intent_metadata: Record<string, string>;
  setup_future_usage: string | null;
}

export interface TStandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  capture_method: 'automatic' | 'manual';
  setup_future_usage: string | null;
  off_session: boolean;
  metadata: Record<string, string>;
  status: 'requires_payment_method' | 'requires_action' | 'requires_capture' | 'succeeded' | 'canceled';
  created: number;
  last_payment_error: { code: string; message: string } | null;
}

/** How a saved card answers a charge made without its holder (Stripe's test cards behave so). */
export type TCardBehaviour = 'card_declined' | 'authentication_required';

export interface TStandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
  currency: string;
  created: number;
}

export interface TStripeStandIn {
  url: string;
  port: number;
  sessions: Map<string, TStandInSession>;
  refunds: TStandInRefund[];
  customers: Map<string, { id: string; email: string | null; metadata: Record<string, string> }>;
  /** Every PaymentIntent: a paid Checkout Session's, and those created through the API. */
  intents: Map<string, TStandInIntent>;
  /** Saved cards (payment methods) and the customer each is attached to. */
  paymentMethods: Map<string, { id: string; customer: string }>;
  /** Saved cards that refuse off-session charges, and how. */
  cardBehaviour: Map<string, TCardBehaviour>;
  /** The payment_intent.succeeded event of an intent, signed. */
  intentEvent(
    intentId: string,
    webhookSecret: string,
    eventId?: string,
  ): { payload: string; signature: string };
  /** Every call, as method and path, with its Authorization header's key and its Idempotency-Key. */
  calls: { method: string; path: string; key: string | undefined; idempotencyKey: string | undefined }[];
  /** The env the server needs to call this stand-in. */
  env(webhookSecret: string): Record<string, string>;
  /** The checkout.session.completed event of a session, as Stripe would send it (payload and its signature). */
  completedEvent(
    sessionId: string,
    webhookSecret: string,
    eventId?: string,
  ): { payload: string; signature: string };
  /** Any event body, signed as Stripe signs it: for events Stripe's servers would never send. */
  signedEvent(
    object: unknown,
    webhookSecret: string,
    type?: string,
    eventId?: string,
  ): { payload: string; signature: string };
  close(): Promise<void>;
}

export const STAND_IN_SECRET_KEY = 'sk_test_standin_0123456789';

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

async function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** `metadata[bookingId]=1` and friends: the keys under one prefix. */
function under(form: URLSearchParams, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form) if (k.startsWith(`${prefix}[`)) out[k.slice(prefix.length + 1, -1)] = v;
  return out;
}

/**
 * `forwardWebhooks`: paying on the stand-in's hosted page also sends the signed checkout.session.completed
 * event to the site the session returns to, as Stripe would (the browser tests use it).
 */
export async function startStripeStandIn(
  opts: { port?: number; forwardWebhooks?: { secret: string } } = {},
): Promise<TStripeStandIn> {
  const sessions = new Map<string, TStandInSession>();
  const refunds: TStandInRefund[] = [];
  const customers: TStripeStandIn['customers'] = new Map();
  const intents = new Map<string, TStandInIntent>();
  const paymentMethods: TStripeStandIn['paymentMethods'] = new Map();
  const cardBehaviour = new Map<string, TCardBehaviour>();
  const now = () => Math.floor(Date.now() / 1000);
  /** A session paid: its PaymentIntent succeeded, and its card is saved when it was set up for later. */
  const settle = (session: TStandInSession) => {
    session.payment_status = 'paid';
    session.status = 'complete';
    if (intents.has(session.payment_intent)) return;
    let pm: string | null = null;
    if (session.customer && session.setup_future_usage === 'off_session') {
      pm = id('pm');
      paymentMethods.set(pm, { id: pm, customer: session.customer });
    }
    intents.set(session.payment_intent, {
      id: session.payment_intent,
      object: 'payment_intent',
      amount: session.amount_total,
      amount_capturable: 0,
      amount_received: session.amount_total,
      currency: session.currency,
      customer: session.customer,
      payment_method: pm,
      capture_method: 'automatic',
      setup_future_usage: session.setup_future_usage,
      off_session: false,
      metadata: session.intent_metadata,
      status: 'succeeded',
      created: now(),
      last_payment_error: null,
    });
  };
  const calls: TStripeStandIn['calls'] = [];
  const byIdempotencyKey = new Map<string, string>();
  let base = '';

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const idem = req.headers['idempotency-key'];
      calls.push({
        method: req.method ?? '',
        path: url.pathname,
        key,
        idempotencyKey: typeof idem === 'string' ? idem : undefined,
      });
      const send = (status: number, body: unknown) => {
        const text = JSON.stringify(body);
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(text);
      };
      if (url.pathname === '/health') return send(200, { ok: true });
      if (key !== STAND_IN_SECRET_KEY && !url.pathname.startsWith('/pay/'))
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (req.method === 'POST' && typeof idem === 'string' && byIdempotencyKey.has(idem)) {
        res.writeHead(200, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
        return res.end(byIdempotencyKey.get(idem));
      }
      const remember = (body: unknown) => {
        if (typeof idem === 'string') byIdempotencyKey.set(idem, JSON.stringify(body));
        send(200, body);
      };
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = await readBody(req);
        const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
        const session: TStandInSession = {
          id: id('cs'),
          object: 'checkout.session',
          url: '',
          amount_total: amount,
          currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
          metadata: under(form, 'metadata'),
          payment_intent: id('pi'),
          payment_status: 'unpaid',
          status: 'open',
          created: Math.floor(Date.now() / 1000),
          mode: 'payment',
          customer_email: form.get('customer_email'),
          customer: form.get('customer'),
          success_url: form.get('success_url') ?? '',
          intent_metadata: under(form, 'payment_intent_data[metadata]'),
          setup_future_usage: form.get('payment_intent_data[setup_future_usage]'),
        };
        session.url = `${base}/pay/${session.id}`;
        sessions.set(session.id, session);
        return remember(session);
      }
      const got = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && got) {
        const session = sessions.get(got[1] ?? '');
        return session
          ? send(200, session)
          : send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        const form = await readBody(req);
        const customer = { id: id('cus'), email: form.get('email'), metadata: under(form, 'metadata') };
        customers.set(customer.id, customer);
        return remember({ ...customer, object: 'customer', created: now() });
      }
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const form = await readBody(req);
        const customer = form.get('customer');
        const paymentMethod = form.get('payment_method');
        const manual = form.get('capture_method') === 'manual';
        const amount = Number(form.get('amount'));
        const intent: TStandInIntent = {
          id: id('pi'),
          object: 'payment_intent',
          amount,
          amount_capturable: 0,
          amount_received: 0,
          currency: form.get('currency') ?? 'usd',
          customer,
          payment_method: paymentMethod,
          capture_method: manual ? 'manual' : 'automatic',
          setup_future_usage: null,
          off_session: form.get('off_session') === 'true',
          metadata: under(form, 'metadata'),
          status: 'requires_payment_method',
          created: now(),
          last_payment_error: null,
        };
        intents.set(intent.id, intent);
        const card = paymentMethod ? paymentMethods.get(paymentMethod) : undefined;
        if (!card || card.customer !== customer)
          return send(400, {
            error: {
              type: 'invalid_request_error',
              message: `No such PaymentMethod: '${paymentMethod ?? ''}'`,
            },
          });
        if (form.get('confirm') === 'true') {
          const refusal = cardBehaviour.get(card.id);
          if (refusal) {
            // As Stripe answers an off-session charge the card refuses: a 402 card_error with the intent.
            intent.status =
              refusal === 'authentication_required' ? 'requires_action' : 'requires_payment_method';
            const message =
              refusal === 'authentication_required'
                ? 'Your card was declined. This transaction requires authentication.'
                : 'Your card was declined.';
            intent.last_payment_error = { code: refusal, message };
            const body = {
              error: {
                type: 'card_error',
                code: refusal,
                ...(refusal === 'card_declined' ? { decline_code: 'generic_decline' } : {}),
                message,
                payment_intent: intent,
              },
            };
            if (typeof idem === 'string') byIdempotencyKey.set(idem, JSON.stringify(body));
            return send(402, body);
          }
          intent.status = manual ? 'requires_capture' : 'succeeded';
          if (manual) intent.amount_capturable = amount;
          else intent.amount_received = amount;
        }
        return remember(intent);
      }
      const intentAction = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(url.pathname);
      if (intentAction) {
        const intent = intents.get(intentAction[1] ?? '');
        if (!intent)
          return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
        if (req.method === 'GET' && !intentAction[2]) return send(200, intent);
        if (req.method === 'POST' && intentAction[2] === 'capture') {
          const form = await readBody(req);
          const amount = Number(form.get('amount_to_capture') ?? intent.amount_capturable);
          if (intent.status !== 'requires_capture' || amount > intent.amount_capturable || amount <= 0)
            return send(400, {
              error: { type: 'invalid_request_error', message: 'This PaymentIntent could not be captured' },
            });
          intent.status = 'succeeded';
          intent.amount_received = amount;
          intent.amount_capturable = 0;
          return remember(intent);
        }
        if (req.method === 'POST' && intentAction[2] === 'cancel') {
          if (intent.status === 'succeeded' || intent.status === 'canceled')
            return send(400, {
              error: {
                type: 'invalid_request_error',
                message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}`,
              },
            });
          intent.status = 'canceled';
          intent.amount_capturable = 0;
          return remember(intent);
        }
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const form = await readBody(req);
        const paymentIntent = form.get('payment_intent') ?? '';
        const charged = intents.get(paymentIntent);
        const paid =
          charged && charged.amount_received > 0
            ? { amount_total: charged.amount_received, currency: charged.currency }
            : undefined;
        if (!paid)
          return send(400, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
        const amount = Number(form.get('amount') ?? paid.amount_total);
        const already = refunds
          .filter((r) => r.payment_intent === paymentIntent)
          .reduce((s, r) => s + r.amount, 0);
        if (amount + already > paid.amount_total)
          return send(400, {
            error: { type: 'invalid_request_error', message: 'Refund exceeds the charge' },
          });
        const refund: TStandInRefund = {
          id: id('re'),
          object: 'refund',
          amount,
          payment_intent: paymentIntent,
          status: 'succeeded',
          currency: paid.currency,
          created: Math.floor(Date.now() / 1000),
        };
        refunds.push(refund);
        return remember(refund);
      }
      // The hosted payment page a guest is sent to: paying marks the session paid and goes back.
      const page = /^\/pay\/([^/]+)$/.exec(url.pathname);
      if (page) {
        const session = sessions.get(page[1] ?? '');
        if (!session) return send(404, {});
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end(
          `<!doctype html><html lang="en"><title>Stand-in Checkout</title><main><h1>Pay ${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}</h1><form method="post" action="/pay/${session.id}/done"><button type="submit">Pay</button></form></main></html>`,
        );
      }
      const done = /^\/pay\/([^/]+)\/done$/.exec(url.pathname);
      if (done && req.method === 'POST') {
        const session = sessions.get(done[1] ?? '');
        if (!session) return send(404, {});
        settle(session);
        if (opts.forwardWebhooks) {
          // Stripe sends both: the session completed, and its PaymentIntent succeeded (with the saved card).
          for (const event of [
            standIn.completedEvent(session.id, opts.forwardWebhooks.secret),
            standIn.intentEvent(session.payment_intent, opts.forwardWebhooks.secret),
          ]) {
            const sent = await fetch(`${new URL(session.success_url).origin}/api/payments/stripe/webhook`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json; charset=utf-8',
                'stripe-signature': event.signature,
              },
              body: event.payload,
            });
            if (!sent.ok) throw new Error(`webhook refused: ${sent.status}`);
          }
        }
        res.writeHead(303, { location: session.success_url });
        return res.end();
      }
      send(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
        },
      });
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  const signer = new Stripe(STAND_IN_SECRET_KEY);

  const standIn: TStripeStandIn = {
    url: base,
    port,
    sessions,
    refunds,
    customers,
    intents,
    paymentMethods,
    cardBehaviour,
    calls,
    env: (webhookSecret) => ({
      STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    }),
    completedEvent(sessionId, webhookSecret, eventId = id('evt')) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      settle(session);
      return standIn.signedEvent(session, webhookSecret, 'checkout.session.completed', eventId);
    },
    intentEvent(intentId, webhookSecret, eventId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no payment intent ${intentId}`);
      return standIn.signedEvent(intent, webhookSecret, 'payment_intent.succeeded', eventId);
    },
    signedEvent(object, webhookSecret, type = 'checkout.session.completed', eventId = id('evt')) {
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2025-10-29.clover',
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object },
      });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      return { payload, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}
