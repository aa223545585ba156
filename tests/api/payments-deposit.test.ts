import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../src/server/env.ts';
import { chargeDueBalances } from '../../src/server/services/payments/auto-charge.ts';
import { placeDepositHolds, releaseDepositHolds } from '../../src/server/services/payments/deposit.ts';
import { deliverEmail } from '../../src/server/services/email/outbox.ts';
import { createMailTransport, type TMailTransport } from '../../src/server/services/email/transport.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { createProperty } from '../support/fixtures.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { startStripeStandIn, type TStripeStandIn } from '../support/stripe-stand-in.ts';
import { tempDir } from '../support/tmp.ts';
import { adminCookie, book, contactInfo, expectReconciled } from './payments-helpers.ts';

/**
 * The damage deposit and the balance charged automatically (docs/payments.md#damage-deposit,
 * #automatic-balance), over HTTP against the real server, the real Stripe SDK pointed at the stand-in,
 * and a real SMTP server. The scheduled jobs' services run here with a clock the test sets.
 */
const WEBHOOK_SECRET = 'whsec_test_deposit_suite';
const OPERATOR = 'notifications@stayhub.example';
const sink = new SmtpSink();
let stripe: TStripeStandIn;
let srv: TTestServer;
let transport: TMailTransport;
let admin: { cookie: string };

beforeAll(async () => {
  await sink.start();
  stripe = await startStripeStandIn();
  srv = await startTestServer({
    stripe: readEnv({ ...stripe.env(WEBHOOK_SECRET), NODE_ENV: 'test' }).stripe,
  });
  transport = createMailTransport({ smtpUrl: sink.url, mailDir: tempDir('mail-') });
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
      depositDeadlineHours: 0,
      depositDeadlineAction: 'flag',
      depositHoldDaysBefore: 1,
      depositReleaseDaysAfter: 3,
    },
    admin,
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body).toMatchObject({ depositHoldDaysBefore: 1, depositReleaseDaysAfter: 3 });
});
afterAll(async () => {
  transport.close();
  await srv.close();
  await stripe.close();
  await sink.stop();
});

const at = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`);
const webhook = async (e: { payload: string; signature: string }) => {
  const res = await fetch(`${srv.url}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': e.signature },
    body: e.payload,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
};
const ledger = async (token: string) => {
  const res = await api(srv.url, 'GET', `/api/bookings/manage/${token}/payments`);
  expect(res.status).toBe(200);
  expectReconciled(res.body);
  return res.body;
};
const adminLedger = async (id: number) => {
  const res = await api(srv.url, 'GET', `/api/admin/bookings/${id}/payments`, undefined, admin);
  expect(res.status).toBe(200);
  expectReconciled(res.body);
  return res.body;
};

/** Sends every queued email of a booking to the SMTP sink, as the email job would, and answers them. */
async function mailsOf(confirmationNumber: string) {
  const queued = await srv.db.sql<{ id: number }>(
    `select id from emails where status = 'queued' and subject like $1 order by id`,
    [`%${confirmationNumber}%`],
  );
  for (const { id } of queued)
    await deliverEmail(srv.db.em(), transport, 'StayHub <bookings@stayhub.example>', id);
  return sink.received.filter((m) => m.header('Subject').includes(confirmationNumber));
}

/** A booking whose guest paid the deposit through Checkout, the card saved for later by Stripe's events. */
async function bookAndSaveCard(homeId: number, checkIn: string, nights = 2) {
  const b = await book(srv.url, homeId, checkIn, addDays(checkIn, nights));
  const pay = await api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/pay`, { part: 'deposit' });
  expect(pay.status, JSON.stringify(pay.body)).toBe(200);
  const session = stripe.sessions.get(pay.body.checkoutUrl.split('/').pop());
  // The Checkout Session saves the card to the booking's customer for charges without the guest.
  expect(session).toMatchObject({
    setup_future_usage: 'off_session',
    customer: expect.stringMatching(/^cus_/),
  });
  await webhook(stripe.completedEvent(session!.id, WEBHOOK_SECRET));
  await webhook(stripe.intentEvent(session!.payment_intent, WEBHOOK_SECRET));
  const after = await ledger(b.manageToken);
  // Two events about one payment are one line.
  expect(after.lines).toHaveLength(1);
  expect(after).toMatchObject({ cardSaved: true, totals: { status: 'deposit_paid' } });
  const pm = stripe.intents.get(session!.payment_intent)?.payment_method;
  expect(pm).toMatch(/^pm_/);
  return { ...b, checkIn, checkOut: addDays(checkIn, nights), paymentMethod: pm as string };
}

describe('the balance charged automatically on its date', () => {
  it('is charged off-session on the balance date (not the day before) and recorded once, whatever Stripe sends after', async () => {
    const home = await createProperty(srv.db.em(), { price: 150 });
    const b = await bookAndSaveCard(home.id, addDays(todayIso(), 40));
    const before = await ledger(b.manageToken);
    const dueOn = before.schedule.balanceDueOn as string;
    expect(dueOn).toBe(addDays(b.checkIn, -14));

    expect(await chargeDueBalances(srv.db.em(), srv.env, at(addDays(dueOn, -1)))).toEqual({
      charged: 0,
      failed: 0,
    });
    expect([...stripe.intents.values()].filter((i) => i.off_session)).toHaveLength(0);

    expect(await chargeDueBalances(srv.db.em(), srv.env, at(dueOn))).toEqual({ charged: 1, failed: 0 });
    const charge = [...stripe.intents.values()].find(
      (i) => i.off_session && i.metadata.bookingId === String(b.id),
    );
    expect(charge).toMatchObject({
      amount: before.totals.balanceDue,
      status: 'succeeded',
      customer: expect.stringMatching(/^cus_/),
      payment_method: b.paymentMethod,
      capture_method: 'automatic',
    });
    // The charge was made with an idempotency key, so a retried job cannot charge twice.
    const charges = stripe.calls.filter((c) => c.path === '/v1/payment_intents' && c.method === 'POST');
    expect(charges.map((c) => c.idempotencyKey)).toEqual([
      `balance-${b.id}-${b.confirmationNumber}-${before.totals.balanceDue}`,
    ]);
    const paid = await ledger(b.manageToken);
    expect(paid.totals).toMatchObject({ status: 'paid', balanceDue: 0, paid: before.totals.charged });
    expect(paid.lines).toHaveLength(2);
    // Stripe's own event about the same charge, even twice, records nothing more; a second run charges nothing.
    await webhook(stripe.intentEvent(charge!.id, WEBHOOK_SECRET));
    await webhook(stripe.intentEvent(charge!.id, WEBHOOK_SECRET));
    expect(await chargeDueBalances(srv.db.em(), srv.env, at(addDays(dueOn, 1)))).toEqual({
      charged: 0,
      failed: 0,
    });
    expect((await ledger(b.manageToken)).lines).toHaveLength(2);
    const mails = await mailsOf(b.confirmationNumber);
    expect(mails.filter((m) => m.header('Subject').startsWith('Payment received'))).toHaveLength(2);
  });

  it('a declined card or one needing the guest e-mails a payment link and flags the booking "Balance charge failed"', async () => {
    const home = await createProperty(srv.db.em(), { price: 110 });
    for (const refusal of ['card_declined', 'authentication_required'] as const) {
      const b = await bookAndSaveCard(home.id, addDays(todayIso(), refusal === 'card_declined' ? 50 : 60));
      stripe.cardBehaviour.set(b.paymentMethod, refusal);
      const before = await ledger(b.manageToken);
      const dueOn = before.schedule.balanceDueOn as string;
      expect(await chargeDueBalances(srv.db.em(), srv.env, at(dueOn))).toEqual({ charged: 0, failed: 1 });

      const after = await adminLedger(b.id);
      expect(after.lines).toHaveLength(1);
      expect(after.totals.balanceDue).toBe(before.totals.balanceDue);
      expect(after.balanceChargeFailed).toEqual({ at: expect.any(String), reason: refusal });
      const list = await api(
        srv.url,
        'GET',
        `/api/bookings/page?q=${b.confirmationNumber}`,
        undefined,
        admin,
      );
      expect(list.status).toBe(200);
      expect(list.body.items).toEqual([expect.objectContaining({ id: b.id, balanceChargeFailed: true })]);
      // Not tried again on the next run.
      expect(await chargeDueBalances(srv.db.em(), srv.env, at(addDays(dueOn, 1)))).toEqual({
        charged: 0,
        failed: 0,
      });

      const [mail] = (await mailsOf(b.confirmationNumber)).filter((m) =>
        m.header('Subject').startsWith('Payment needed'),
      );
      expect(mail?.to).toEqual([contactInfo.email]);
      expect(mail?.body).toContain('could not be charged to the card you saved');
      const link = /https?:\/\/[^\s"<>]+\/manage\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? '');
      expect(link, mail?.body).not.toBeNull();
      // The link opens the manage page's own pay-balance flow: a Checkout Session for the balance.
      const pay = await api(srv.url, 'POST', `/api/bookings/manage/${link![1]}/pay`, { part: 'balance' });
      expect(pay.status, JSON.stringify(pay.body)).toBe(200);
      expect(pay.body).toMatchObject({ amount: before.totals.balanceDue, checkoutUrl: expect.any(String) });
      // Once paid, the flag goes.
      const session = stripe.sessions.get(pay.body.checkoutUrl.split('/').pop());
      await webhook(stripe.completedEvent(session!.id, WEBHOOK_SECRET));
      expect((await adminLedger(b.id)).balanceChargeFailed).toBeNull();
    }
  });
});

describe('the damage deposit', () => {
  async function depositHome(amount: number) {
    const home = await createProperty(srv.db.em(), { price: 100 });
    const put = await api(
      srv.url,
      'PUT',
      `/api/properties/${home.id}/pricing`,
      { securityDeposit: amount },
      admin,
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.securityDeposit).toBe(amount);
    return home;
  }

  it('is held on the saved card the day before arrival, apart from the price, and released after check-out', async () => {
    const home = await depositHome(200);
    const b = await bookAndSaveCard(home.id, addDays(todayIso(), 70), 3);
    const before = await ledger(b.manageToken);
    expect(before.schedule.securityDeposit).toBe(20000);
    expect(before.damageDeposit).toMatchObject({ amount: 20000, status: 'due', byCard: true });

    expect(await placeDepositHolds(srv.db.em(), srv.env, at(addDays(b.checkIn, -2)))).toBe(0);
    expect(await placeDepositHolds(srv.db.em(), srv.env, at(addDays(b.checkIn, -1)))).toBe(1);
    const hold = [...stripe.intents.values()].find(
      (i) => i.metadata.bookingId === String(b.id) && i.metadata.part === 'damage_deposit',
    );
    expect(hold).toMatchObject({
      amount: 20000,
      capture_method: 'manual',
      off_session: true,
      status: 'requires_capture',
      payment_method: b.paymentMethod,
    });
    const held = await ledger(b.manageToken);
    expect(held.damageDeposit).toMatchObject({ status: 'held', claimable: 20000 });
    // Never revenue: what the booking charges, its lines and what was paid do not move.
    expect(held.totals).toEqual(before.totals);
    expect(held.charges).toEqual(before.charges);

    expect(await releaseDepositHolds(srv.db.em(), srv.env, at(addDays(b.checkOut, 2)))).toBe(0);
    expect(await releaseDepositHolds(srv.db.em(), srv.env, at(addDays(b.checkOut, 3)))).toBe(1);
    expect(hold?.status).toBe('canceled');
    const released = await ledger(b.manageToken);
    expect(released.damageDeposit).toMatchObject({ status: 'released', claimable: 0 });
    expect(released.totals).toEqual(before.totals);
    const mails = await mailsOf(b.confirmationNumber);
    expect(mails.map((m) => m.header('Subject'))).toContain(
      `Damage deposit released: booking ${b.confirmationNumber}`,
    );
  });

  it('a claim captures part of the hold with its reason, releases the rest, enters the ledger as a damage charge and its payment, and emails both sides', async () => {
    const home = await depositHome(250);
    const b = await bookAndSaveCard(home.id, addDays(todayIso(), 80), 2);
    await placeDepositHolds(srv.db.em(), srv.env, at(addDays(b.checkIn, -1)));
    const before = await adminLedger(b.id);
    const hold = [...stripe.intents.values()].find(
      (i) => i.metadata.bookingId === String(b.id) && i.metadata.part === 'damage_deposit',
    );
    const claim = (body: unknown) =>
      api(srv.url, 'POST', `/api/admin/bookings/${b.id}/damage-deposit/claim`, body, admin);

    const over = await claim({ amount: 25001, reason: 'Broken lamp' });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('A claim cannot be more than the deposit held ($250.00)');
    expect((await claim({ amount: 7500, reason: '' })).status).toBe(400);
    expect(hold?.status).toBe('requires_capture');

    const ok = await claim({ amount: 7500, reason: 'Broken lamp' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(hold).toMatchObject({ status: 'succeeded', amount_received: 7500 });
    expectReconciled(ok.body);
    expect(ok.body.damageDeposit).toMatchObject({
      status: 'claimed',
      claimedAmount: 7500,
      claimReason: 'Broken lamp',
      claimable: 0,
    });
    expect(ok.body.totals).toMatchObject({
      charged: before.totals.charged + 7500,
      net: before.totals.net + 7500,
      balanceDue: before.totals.balanceDue,
      refundDue: 0,
    });
    expect(ok.body.charges.at(-1)).toMatchObject({ label: 'Charge: Damage: Broken lamp', amount: 7500 });
    expect(ok.body.lines.slice(-2)).toEqual([
      expect.objectContaining({ kind: 'adjustment', amount: 7500, reason: 'Damage: Broken lamp' }),
      expect.objectContaining({ kind: 'payment', method: 'card', amount: 7500, reference: hold?.id }),
    ]);
    // A second claim, Stripe's event about the capture, and the release job change nothing more.
    expect((await claim({ amount: 100, reason: 'Again' })).status).toBe(400);
    await webhook(stripe.intentEvent(hold!.id, WEBHOOK_SECRET));
    expect(await releaseDepositHolds(srv.db.em(), srv.env, at(addDays(b.checkOut, 5)))).toBe(0);
    expect((await adminLedger(b.id)).lines).toHaveLength(ok.body.lines.length);

    const mails = await mailsOf(b.confirmationNumber);
    const guest = mails.find(
      (m) => m.to.includes(contactInfo.email) && m.header('Subject').startsWith('Damage deposit'),
    );
    const operator = mails.find(
      (m) => m.to.includes(OPERATOR) && m.header('Subject').startsWith('Damage deposit'),
    );
    expect(guest?.header('Subject')).toBe(
      `Damage deposit: $75.00 claimed for booking ${b.confirmationNumber}`,
    );
    expect(guest?.body).toContain('Broken lamp');
    expect(guest?.body).toContain('The rest of the hold, $175.00, is released.');
    expect(operator?.header('Subject')).toBe(
      `Damage deposit claimed: $75.00 on booking ${b.confirmationNumber}`,
    );
  });

  it('without a card it is a line the operator records received and returned; only a claim enters the ledger', async () => {
    const home = await depositHome(150.5);
    const b = await book(srv.url, home.id, addDays(todayIso(), 90), addDays(todayIso(), 92));
    const before = await adminLedger(b.id);
    const report = async () => {
      const from = addDays(todayIso(), 90);
      const res = await api(
        srv.url,
        'GET',
        `/api/admin/reports/summary?from=${from}&to=${addDays(from, 1)}&propertyId=${home.id}`,
        undefined,
        admin,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.totals as { roomRevenue: number; adr: number; otherRevenue: number; fees: number };
    };
    const reportBefore = await report();
    expect(before.schedule.securityDeposit).toBe(15050);
    expect(before.damageDeposit).toMatchObject({ status: 'due', byCard: false });
    // No saved card: the hold job leaves it for the operator.
    expect(await placeDepositHolds(srv.db.em(), srv.env, at(addDays(todayIso(), 89)))).toBe(0);
    const path = (what: string) => `/api/admin/bookings/${b.id}/damage-deposit/${what}`;

    const early = await api(srv.url, 'POST', path('claim'), { amount: 1000, reason: 'Stain' }, admin);
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('The damage deposit is not held or received, so nothing can be claimed');
    const bad = await api(srv.url, 'POST', path('received'), { method: 'card' }, admin);
    expect(bad.status).toBe(400);

    const received = await api(
      srv.url,
      'POST',
      path('received'),
      { method: 'cash', reference: 'Key box' },
      admin,
    );
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.damageDeposit).toMatchObject({
      status: 'received',
      method: 'cash',
      claimable: 15050,
    });
    expect(received.body.totals).toEqual(before.totals);
    // Never revenue: the reports (room revenue, ADR, fees, other revenue) do not move for a deposit taken.
    expect(await report()).toEqual(reportBefore);

    const claimed = await api(
      srv.url,
      'POST',
      path('claim'),
      { amount: 5050, reason: 'Red wine stain' },
      admin,
    );
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.totals.charged).toBe(before.totals.charged + 5050);
    expect(claimed.body.totals.balanceDue).toBe(before.totals.balanceDue);
    expect(claimed.body.lines.at(-1)).toMatchObject({ kind: 'payment', method: 'cash', amount: 5050 });
    // The claimed damage is other revenue, never room revenue or ADR; the unclaimed rest is nowhere.
    const reportAfter = await report();
    expect(reportAfter).toEqual({ ...reportBefore, otherRevenue: reportBefore.otherRevenue + 50.5 });

    const returned = await api(srv.url, 'POST', path('returned'), {}, admin);
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(returned.body.damageDeposit).toMatchObject({ status: 'claimed', settledAt: expect.any(String) });
    expect((await api(srv.url, 'POST', path('returned'), {}, admin)).status).toBe(400);
    const mails = await mailsOf(b.confirmationNumber);
    expect(mails.find((m) => m.header('Subject').startsWith('Damage deposit returned'))?.body).toContain(
      '$100.00 of your damage deposit',
    );
  });
});
