import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readEnv } from '../../src/server/env.ts';
import { logger } from '../../src/server/logger.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { createProperty } from '../support/fixtures.ts';
import { pdfText } from '../support/pdf-text.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';
import { STAND_IN_SECRET_KEY, startStripeStandIn, type TStripeStandIn } from '../support/stripe-stand-in.ts';
import { adminCookie, book, expectReconciled } from './payments-helpers.ts';

const WEBHOOK_SECRET = 'whsec_test_payments_suite';
let stripe: TStripeStandIn;
let srv: TTestServer;
let admin: { cookie: string };

beforeAll(async () => {
  stripe = await startStripeStandIn();
  // The server reads its Stripe settings from the environment as in production, pointed at the stand-in.
  srv = await startTestServer({
    stripe: readEnv({ ...stripe.env(WEBHOOK_SECRET), NODE_ENV: 'test' }).stripe,
  });
  admin = await adminCookie(srv.url);
  const saved = await api(
    srv.url,
    'PUT',
    '/api/settings/payments',
    {
      depositPercent: 25,
      balanceDaysBefore: 14,
      offerCard: true,
      offerBankTransfer: true,
      bankInstructions: 'Transfer to StayHub Test Bank, quoting your confirmation number.',
      offerPayOnArrival: false,
      depositDeadlineHours: 48,
      depositDeadlineAction: 'flag',
    },
    admin,
  );
  expect(saved.status).toBe(200);
  expect(saved.body.cardAvailable).toBe(true);
});
afterAll(async () => {
  await srv.close();
  await stripe.close();
});

const webhook = (payload: string, signature: string) =>
  fetch(`${srv.url}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    body: payload,
  });
const ledger = async (token: string) => {
  const res = await api(srv.url, 'GET', `/api/bookings/manage/${token}/payments`);
  expect(res.status).toBe(200);
  expectReconciled(res.body);
  return res.body;
};
const linesIn = async (bookingId: number) =>
  (
    await srv.db.sql<{ n: number }>('select count(*)::int as n from ledger_lines where booking_id = $1', [
      bookingId,
    ])
  )[0]?.n;

/** A guest pays `part` through Checkout; Stripe confirms it with a signed event. */
async function payByCard(b: { manageToken: string }, part: string) {
  const res = await api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/pay`, { part });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.checkoutUrl).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
  const sessionId = res.body.checkoutUrl.split('/').pop() as string;
  return {
    sessionId,
    amount: res.body.amount as number,
    event: stripe.completedEvent(sessionId, WEBHOOK_SECRET),
  };
}

describe('card payments through Stripe (a local stand-in for its servers)', () => {
  it('a deposit through Checkout is recorded once from its signed webhook; a replay records nothing; a bad signature is refused', async () => {
    const home = await createProperty(srv.db.em(), { price: 120 });
    const checkIn = addDays(todayIso(), 45);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 2));
    const before = await ledger(b.manageToken);
    expect(before.schedule.methods).toEqual(['card', 'bank_transfer']);

    const { sessionId, amount, event } = await payByCard(b, 'deposit');
    expect(amount).toBe(before.schedule.deposit);
    const session = stripe.sessions.get(sessionId);
    expect(session).toMatchObject({
      amount_total: amount,
      currency: 'usd',
      metadata: { bookingId: String(b.id), part: 'deposit' },
    });

    // A signature over other bytes, or with another secret: 400 and nothing recorded.
    const tampered = await webhook(
      event.payload.replace(`"amount_total":${amount}`, `"amount_total":${amount * 10}`),
      event.signature,
    );
    expect(tampered.status).toBe(400);
    expect(((await tampered.json()) as { message: string }).message).toBe('Invalid Stripe signature');
    const forged = stripe.completedEvent(sessionId, 'whsec_someone_else');
    expect((await webhook(forged.payload, forged.signature)).status).toBe(400);
    expect((await webhook(event.payload, '')).status).toBe(400);
    expect(await linesIn(b.id)).toBe(0);
    expect((await srv.db.sql('select id from stripe_events')).length).toBe(0);

    const ok = await webhook(event.payload, event.signature);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ received: true, duplicate: false });
    const paid = await ledger(b.manageToken);
    expect(paid.totals).toMatchObject({ status: 'deposit_paid', paid: amount, depositDue: 0 });
    expect(paid.lines).toEqual([
      expect.objectContaining({
        kind: 'payment',
        method: 'card',
        amount,
        reference: session?.payment_intent,
        recordedByName: 'Stripe',
      }),
    ]);

    const replay = await webhook(event.payload, event.signature);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect(await linesIn(b.id)).toBe(1);
    // The same payment in a new event (Stripe retries with new ids for a new delivery attempt of another type) is one line too.
    const other = stripe.completedEvent(sessionId, WEBHOOK_SECRET);
    expect((await webhook(other.payload, other.signature)).status).toBe(200);
    expect(await linesIn(b.id)).toBe(1);
    expect(stripe.calls.every((c) => c.key?.startsWith('sk_test_'))).toBe(true);
  });

  it('a cancellation refunds the card through the Refunds API for what the policy gives back, shown before the guest confirms', async () => {
    // Inside the moderate policy's free window's end: cancelling costs the late fee, kept of what was paid.
    const home = await createProperty(srv.db.em(), { price: 100, cancellationPolicy: 'moderate' });
    const checkIn = addDays(todayIso(), 3);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 3));
    const { amount, event } = await payByCard(b, 'full');
    expect(amount).toBe(b.totalPrice * 100);
    expect((await webhook(event.payload, event.signature)).status).toBe(200);

    const managed = await api(srv.url, 'GET', `/api/bookings/manage/${b.manageToken}`);
    const fee = managed.body.cancellationFee as number;
    expect(fee).toBeGreaterThan(0);
    const shown = await ledger(b.manageToken);
    expect(shown.refundOnCancel).toBe(amount - fee * 100);

    const cancel = await api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/cancel`, {
      acceptedFee: fee,
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const refunds = stripe.refunds.filter((r) => r.payment_intent === shown.lines[0].reference);
    expect(refunds.map((r) => r.amount)).toEqual([amount - fee * 100]);
    const after = await ledger(b.manageToken);
    expect(after.totals).toMatchObject({
      status: 'refunded',
      refundDue: 0,
      net: fee * 100,
      retained: fee * 100,
    });
    expect(after.lines.at(-1)).toMatchObject({
      kind: 'refund',
      method: 'card',
      amount: amount - fee * 100,
      reference: refunds[0]?.id,
    });
    // The cancellation issued the invoice and a credit note for all of it but the fee kept.
    const note = after.documents.find((d: { kind: string }) => d.kind === 'credit_note');
    expect(note).toMatchObject({ total: amount - fee * 100 });
    expect(after.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    const pdf = await fetch(
      `${srv.url}/api/bookings/manage/${b.manageToken}/credit-notes/${note.number}.pdf`,
    );
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(`For invoice ${after.invoiceNumber}`);
    expect(text).toContain('Cancellation fee kept');
    expect(text).toContain(`-$${fee}.00`);
  });

  it('the operator refunds by card through Stripe, never more than the card paid', async () => {
    const home = await createProperty(srv.db.em(), { price: 90 });
    const checkIn = addDays(todayIso(), 50);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 2));
    const { amount, event } = await payByCard(b, 'deposit');
    expect((await webhook(event.payload, event.signature)).status).toBe(200);
    const path = `/api/admin/bookings/${b.id}/refunds`;
    const over = await api(srv.url, 'POST', path, { amount: amount + 1, reason: 'Goodwill' }, admin);
    expect(over.status).toBe(400);
    const part = await api(srv.url, 'POST', path, { amount: 500, reason: 'Goodwill' }, admin);
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.lines.at(-1)).toMatchObject({ kind: 'refund', method: 'card', amount: 500 });
    expect(part.body.totals).toMatchObject({ net: amount - 500, status: 'unpaid' });
    expectReconciled(part.body);
    expect(stripe.refunds.at(-1)?.amount).toBe(500);
  });

  it('with an Idempotency-Key, a repeated start of a payment answers with the same Checkout Session', async () => {
    const home = await createProperty(srv.db.em(), { price: 80 });
    const checkIn = addDays(todayIso(), 64);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 2));
    const key = `pay-${Date.now()}`;
    const pay = (part: string) =>
      api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/pay`, { part }, { 'Idempotency-Key': key });
    const sessions = stripe.sessions.size;
    const first = await pay('deposit');
    expect(first.status).toBe(200);
    const again = await Promise.all([pay('deposit'), pay('deposit')]);
    for (const res of again) expect(res.body).toEqual(first.body);
    expect(stripe.sessions.size).toBe(sessions + 1);
    const other = await pay('full');
    expect(other.status).toBe(422);
  });

  it('the quote offers card while Stripe is configured, and Checkout returns to the manage page naming the part paid', async () => {
    const home = await createProperty(srv.db.em(), { price: 75 });
    const checkIn = addDays(todayIso(), 70);
    const quote = await api(
      srv.url,
      'GET',
      `/api/bookings/quote?propertyId=${home.id}&checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}`,
    );
    expect(quote.body.schedule.methods).toEqual(['card', 'bank_transfer']);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 2));
    const { sessionId } = await payByCard(b, 'deposit');
    const session = stripe.sessions.get(sessionId);
    expect(session?.success_url).toMatch(new RegExp(`/manage/${b.manageToken}\\?payment=done&part=deposit$`));
  });

  it('opens at most 10 Checkout Sessions an hour for one booking, then answers 429 without calling Stripe', async () => {
    const home = await createProperty(srv.db.em(), { price: 80 });
    const checkIn = addDays(todayIso(), 60);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 2));
    const pay = () => api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/pay`, { part: 'deposit' });
    for (let i = 0; i < 10; i++) expect((await pay()).status).toBe(200);
    const sessions = stripe.sessions.size;
    const over = await pay();
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many requests\. Please try again in \d+ minutes\.$/);
    expect(stripe.sessions.size).toBe(sessions);
    // Bank transfer instructions open nothing at Stripe and stay available.
    const bank = await api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/pay`, {
      part: 'deposit',
      method: 'bank_transfer',
    });
    expect(bank.status).toBe(200);
    expect(bank.body.instructions).toContain(b.confirmationNumber);
  });
});

describe("signed events the ledger refuses (Stripe's signature proves the sender, not the contents)", () => {
  /** Signed bytes of any kind, as a sender holding the secret could send them. */
  const signedRaw = (payload: string) => ({
    payload,
    signature: new Stripe(STAND_IN_SECRET_KEY).webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    }),
  });
  const stripeEvents = async () => (await srv.db.sql('select id from stripe_events')).length;

  it('a non-positive amount or another currency than the booking is a 400 with its reason, logged, and the ledger is unchanged; a valid one is still recorded', async () => {
    const home = await createProperty(srv.db.em(), { price: 140 });
    const checkIn = addDays(todayIso(), 70);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 2));
    const { sessionId, amount } = await payByCard(b, 'deposit');
    const session = { ...stripe.sessions.get(sessionId), payment_status: 'paid', status: 'complete' };
    const before = await ledger(b.manageToken);
    const eventsBefore = await stripeEvents();
    const warn = vi.spyOn(logger, 'warn');
    try {
      for (const [changed, message] of [
        [{ amount_total: -amount }, 'A card payment must be a positive whole number of cents'],
        [{ amount_total: 0 }, 'A card payment must be a positive whole number of cents'],
        [{ amount_total: 12.5 }, 'A card payment must be a positive whole number of cents'],
        [{ amount_total: 10_000_000_000 }, 'A card payment cannot be more than $999,999.99'],
        [{ currency: 'eur' }, 'A card payment in EUR cannot be recorded on a booking paid in USD'],
        [{ currency: null }, 'A card payment in no currency cannot be recorded on a booking paid in USD'],
      ] as const) {
        warn.mockClear();
        const event = stripe.signedEvent({ ...session, ...changed }, WEBHOOK_SECRET);
        const res = await webhook(event.payload, event.signature);
        expect(res.status, JSON.stringify(changed)).toBe(400);
        expect(((await res.json()) as { message: string }).message).toBe(message);
        expect(warn).toHaveBeenCalledWith(
          expect.objectContaining({ reason: message, session: sessionId }),
          'stripe event refused',
        );
      }
    } finally {
      warn.mockRestore();
    }
    const after = await ledger(b.manageToken);
    expect(after.lines).toEqual([]);
    expect(after.totals).toEqual(before.totals);
    // Refused events are not kept either, so the same event id is judged afresh when Stripe retries it.
    expect(await stripeEvents()).toBe(eventsBefore);

    const valid = stripe.completedEvent(sessionId, WEBHOOK_SECRET);
    expect((await webhook(valid.payload, valid.signature)).status).toBe(200);
    expect((await ledger(b.manageToken)).lines).toEqual([
      expect.objectContaining({ kind: 'payment', method: 'card', amount, currency: 'USD' }),
    ]);
  });

  it('a signed event malformed for our needs is a 400 or an acknowledged no-op, never a 500', async () => {
    const home = await createProperty(srv.db.em(), { price: 150 });
    const checkIn = addDays(todayIso(), 75);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 2));
    const { sessionId } = await payByCard(b, 'deposit');
    const session = { ...stripe.sessions.get(sessionId), payment_status: 'paid', status: 'complete' };

    // Not about one of our bookings: acknowledged (Stripe stops retrying) and nothing recorded.
    for (const object of [
      { ...session, metadata: {} },
      { ...session, metadata: null },
      { ...session, metadata: { bookingId: 'BIC123' } },
      { ...session, metadata: { bookingId: '999999999' } },
      { ...session, metadata: { bookingId: '99999999999' } },
      { ...session, metadata: { bookingId: '-1' } },
      { ...session, payment_status: 'unpaid' },
    ]) {
      const event = stripe.signedEvent(object, WEBHOOK_SECRET);
      const res = await webhook(event.payload, event.signature);
      expect(res.status, JSON.stringify(object.metadata)).toBe(200);
      expect(await res.json()).toEqual({ received: true, duplicate: false });
    }
    // Unreadable: 400 with a message that says so.
    for (const event of [
      stripe.signedEvent({ ...session, id: undefined }, WEBHOOK_SECRET),
      stripe.signedEvent({ ...session, metadata: { bookingId: 7 } }, WEBHOOK_SECRET),
      stripe.signedEvent({ ...session, amount_total: '500' }, WEBHOOK_SECRET),
      stripe.signedEvent({ ...session, created: 1e20 }, WEBHOOK_SECRET),
      stripe.signedEvent({ ...session, payment_intent: `pi_${'x'.repeat(200)}` }, WEBHOOK_SECRET),
      stripe.signedEvent(session, WEBHOOK_SECRET, 'checkout.session.completed', `evt_${'x'.repeat(200)}`),
      stripe.signedEvent(null, WEBHOOK_SECRET),
      signedRaw(JSON.stringify({ id: 'evt_test_no_data', type: 'checkout.session.completed' })),
      signedRaw(JSON.stringify({ type: 'checkout.session.completed', data: { object: session } })),
      signedRaw('not json at all'),
    ]) {
      const res = await webhook(event.payload, event.signature);
      expect(res.status, event.payload.slice(0, 80)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe('This Stripe event could not be read');
    }
    // An event type we do not act on is acknowledged.
    const other = stripe.signedEvent(
      { id: 'pi_test_other', object: 'payment_intent' },
      WEBHOOK_SECRET,
      'payment_intent.created',
    );
    expect((await webhook(other.payload, other.signature)).status).toBe(200);
    expect(await linesIn(b.id)).toBe(0);
  });
});
