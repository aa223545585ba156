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
  success_url: string;
}

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
  /** Every call, as method and path, with its Authorization header's key. */
  calls: { method: string; path: string; key: string | undefined }[];
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
  const calls: TStripeStandIn['calls'] = [];
  const byIdempotencyKey = new Map<string, string>();
  let base = '';

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      calls.push({ method: req.method ?? '', path: url.pathname, key });
      const send = (status: number, body: unknown) => {
        const text = JSON.stringify(body);
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(text);
      };
      if (url.pathname === '/health') return send(200, { ok: true });
      if (key !== STAND_IN_SECRET_KEY && !url.pathname.startsWith('/pay/'))
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      const idem = req.headers['idempotency-key'];
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
          success_url: form.get('success_url') ?? '',
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
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const form = await readBody(req);
        const paymentIntent = form.get('payment_intent') ?? '';
        const paid = [...sessions.values()].find(
          (s) => s.payment_intent === paymentIntent && s.payment_status === 'paid',
        );
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
        session.payment_status = 'paid';
        session.status = 'complete';
        if (opts.forwardWebhooks) {
          const event = standIn.completedEvent(session.id, opts.forwardWebhooks.secret);
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
      session.payment_status = 'paid';
      session.status = 'complete';
      return standIn.signedEvent(session, webhookSecret, 'checkout.session.completed', eventId);
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
