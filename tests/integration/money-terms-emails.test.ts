import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readEnv } from '../../src/server/env.ts';
import { addDays, formatIsoDate, todayIso } from '../../src/shared/dates.ts';
import { adminCookie, book } from '../api/payments-helpers.ts';
import { createProperty } from '../support/fixtures.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';
import { pdfText } from '../support/pdf-text.ts';
import { SmtpSink, type TReceivedMail } from '../support/smtp-sink.ts';
import { startStripeStandIn, type TStripeStandIn } from '../support/stripe-stand-in.ts';

/**
 * What the booking emails say about money, as delivered over SMTP (docs/payments.md#what-each-surface-states):
 * the deposit, the balance and its date, the methods and the bank details in every booking email and the
 * request-accepted one; the fee, the refund, its way and when to expect it in the cancellation email.
 * The app's own server runs its workers, with card payments against the Stripe stand-in.
 */
const WEBHOOK_SECRET = 'whsec_test_money_terms';
const BANK = 'Transfer to StayHub Terms Bank, IBAN XX00 TERMS 0000, quoting your confirmation number.';
const sink = new SmtpSink();
let stripe: TStripeStandIn;
let srv: TTestServer;
let admin: { cookie: string };

beforeAll(async () => {
  await sink.start();
  stripe = await startStripeStandIn();
  srv = await startTestServer({
    runJobs: true,
    sendJobs: true,
    smtpUrl: sink.url,
    mailFrom: 'StayHub <bookings@stayhub.example>',
    emailRetryDelaySeconds: 1,
    jobPollSeconds: 0.5,
    stripe: readEnv({ ...stripe.env(WEBHOOK_SECRET), NODE_ENV: 'test' }).stripe,
  });
  admin = await adminCookie(srv.url);
  const saved = await api(
    srv.url,
    'PUT',
    '/api/settings/payments',
    {
      depositPercent: 30,
      balanceDaysBefore: 30,
      offerCard: true,
      offerBankTransfer: true,
      bankInstructions: BANK,
      offerPayOnArrival: false,
      depositDeadlineHours: 0,
      depositDeadlineAction: 'flag',
    },
    admin,
  );
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await srv.close();
  await stripe.close();
  await sink.stop();
});

/** The one delivered email whose subject starts so and names the booking. */
async function delivered(subject: string, confirmationNumber: string): Promise<TReceivedMail> {
  let mail: TReceivedMail | undefined;
  await vi.waitFor(
    () => {
      mail = sink.received.find((m) => {
        const s = m.header('Subject');
        return s.startsWith(subject) && s.includes(confirmationNumber);
      });
      expect(mail).toBeDefined();
    },
    { timeout: 30_000, interval: 200 },
  );
  if (!mail) throw new Error('no email');
  return mail;
}

async function payDepositByCard(token: string): Promise<number> {
  const res = await api(srv.url, 'POST', `/api/bookings/manage/${token}/pay`, { part: 'deposit' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const sessionId = (res.body.checkoutUrl as string).split('/').pop() as string;
  const event = stripe.completedEvent(sessionId, WEBHOOK_SECRET);
  const hook = await fetch(`${srv.url}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
    body: event.payload,
  });
  expect(hook.status).toBe(200);
  return res.body.amount as number;
}

// 3 nights at $100 and 17 % GST: $351.00; a 30 % deposit is $105.30 and the balance $245.70.
describe('booking emails carry the payment terms', () => {
  it('the booking email states the deposit, the balance with its date, the methods and the bank details', async () => {
    const home = await createProperty(srv.db.em(), { title: 'Terms house', price: 100 });
    const checkIn = addDays(todayIso(), 60);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 3));
    const mail = await delivered('Booking confirmed', b.confirmationNumber);
    expect(mail.body).toContain(
      `Deposit $105.30, due now; balance $245.70, due by ${formatIsoDate(addDays(checkIn, -30), true)}.`,
    );
    expect(mail.body).toContain('You can pay by card or bank transfer.');
    expect(mail.body).toContain(`Bank transfer: ${BANK} Reference: ${b.confirmationNumber}.`);
  });

  it('a stay inside the balance window is due in full now', async () => {
    const home = await createProperty(srv.db.em(), { title: 'Soon house', price: 100 });
    const checkIn = addDays(todayIso(), 10);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 3));
    const mail = await delivered('Booking confirmed', b.confirmationNumber);
    expect(mail.body).toContain('The full amount, $351.00, is due now.');
  });

  it('a request is charged nothing until accepted; the accepted email carries the terms', async () => {
    const home = await createProperty(srv.db.em(), {
      title: 'Asking house',
      price: 100,
      bookingMode: 'request',
    });
    const checkIn = addDays(todayIso(), 70);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 3));
    const received = await delivered('Booking request received', b.confirmationNumber);
    expect(received.body).toContain('Nothing is charged until your request is accepted.');

    const accepted = await api(srv.url, 'POST', `/api/admin/bookings/${b.id}/accept`, {}, admin);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const mail = await delivered('Request accepted', b.confirmationNumber);
    expect(mail.body).toContain(
      `Deposit $105.30, due now; balance $245.70, due by ${formatIsoDate(addDays(checkIn, -30), true)}.`,
    );
    expect(mail.body).toContain('You can pay by card or bank transfer.');
    expect(mail.body).toContain(`Bank transfer: ${BANK} Reference: ${b.confirmationNumber}.`);
  });
});

describe('cancellation emails state the fee, the refund, its way and when', () => {
  it('a free cancellation of a card deposit says it all goes back to the card, and when', async () => {
    const home = await createProperty(srv.db.em(), { title: 'Card house', price: 100 });
    const checkIn = addDays(todayIso(), 80);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 3));
    expect(await payDepositByCard(b.manageToken)).toBe(10_530);
    const before = await api(srv.url, 'GET', `/api/bookings/manage/${b.manageToken}`);
    expect(before.body.cancelMoney).toEqual({
      currency: 'USD',
      paid: 10_530,
      kept: 0,
      refund: 10_530,
      toCard: 10_530,
      byOperator: 0,
    });
    const cancel = await api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/cancel`, {});
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const mail = await delivered('Booking cancelled', b.confirmationNumber);
    expect(mail.body).toContain(
      'Of the $105.30 you paid, $105.30 is refunded: $105.30 to the card you paid with, through Stripe.',
    );
    // The dash is two bytes apart once quoted-printable is undone byte by byte.
    expect(mail.body).toContain('Card refunds usually reach your account within 5');
  });

  it('a late cancellation of a bank transfer says what is kept and what the operator sends back', async () => {
    const home = await createProperty(srv.db.em(), {
      title: 'Late house',
      price: 100,
      cancellationPolicy: 'moderate',
    });
    const checkIn = addDays(todayIso(), 3);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 3));
    const paid = await api(
      srv.url,
      'POST',
      `/api/admin/bookings/${b.id}/payments`,
      { amount: 35_100, method: 'bank_transfer', reference: 'TERMS-1' },
      admin,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const managed = await api(srv.url, 'GET', `/api/bookings/manage/${b.manageToken}`);
    // Moderate keeps the first night and half of the others, with GST: 200 + 34.
    expect(managed.body.cancellationFee).toBe(234);
    expect(managed.body.cancelMoney).toMatchObject({ paid: 35_100, kept: 23_400, refund: 11_700, toCard: 0 });
    const cancel = await api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/cancel`, {
      acceptedFee: 234,
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const mail = await delivered('Booking cancelled', b.confirmationNumber);
    expect(mail.body).toContain('the cancellation fee is $234.00, kept out of what you paid');
    expect(mail.body).toContain(
      'Of the $351.00 you paid, we kept $234.00 as the cancellation fee, and $117.00 is refunded: $117.00 by bank transfer from us.',
    );
    expect(mail.body).toContain('We send it by bank transfer');
    // The credit note goes with it: numbered, crediting the stay and keeping the fee.
    const [file, ...more] = mail.attachments();
    expect(more).toEqual([]);
    expect(file?.filename).toMatch(/^CN-\d{4}-\d{6}\.pdf$/);
    expect(file?.contentType).toBe('application/pdf');
    const number = file?.filename.replace('.pdf', '') ?? '';
    expect(mail.body).toContain(`Your credit note ${number} is attached as a PDF`);
    const text = pdfText(file?.content ?? Buffer.alloc(0));
    expect(text).toContain(number);
    expect(text).toContain('$234.00');
    const online = await fetch(`${srv.url}/api/bookings/manage/${b.manageToken}/credit-notes/${number}.pdf`);
    expect(online.status).toBe(200);
    expect(Buffer.from(await online.arrayBuffer()).equals(file?.content ?? Buffer.alloc(0))).toBe(true);
    const operator = await delivered('Guest cancelled', b.confirmationNumber);
    expect(operator.body).toContain(
      'Refund due: $117.00; $117.00 is yours to pay back and record as a refund.',
    );
  });

  it('a charge added after booking is kept with the fee: the manage page, the email and the ledger agree', async () => {
    const home = await createProperty(srv.db.em(), {
      title: 'Charged house',
      price: 100,
      cancellationPolicy: 'moderate',
    });
    const checkIn = addDays(todayIso(), 3);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 3));
    const pay = (amount: number, reference: string) =>
      api(
        srv.url,
        'POST',
        `/api/admin/bookings/${b.id}/payments`,
        { amount, method: 'bank_transfer', reference },
        admin,
      );
    expect((await pay(35_100, 'CHG-1')).status).toBe(200);
    const charged = await api(
      srv.url,
      'POST',
      `/api/admin/bookings/${b.id}/adjustments`,
      { amount: 6_000, reason: 'Late check-out' },
      admin,
    );
    expect(charged.status, JSON.stringify(charged.body)).toBe(200);
    expect((await pay(6_000, 'CHG-2')).status).toBe(200);
    // Paid $411; the policy keeps $234 and the $60 charge stays charged: $117 comes back.
    const managed = await api(srv.url, 'GET', `/api/bookings/manage/${b.manageToken}`);
    expect(managed.body.cancelMoney).toMatchObject({ paid: 41_100, kept: 29_400, refund: 11_700 });
    const cancel = await api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/cancel`, {
      acceptedFee: 234,
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const mail = await delivered('Booking cancelled', b.confirmationNumber);
    expect(mail.body).toContain(
      'Of the $411.00 you paid, we kept $234.00 as the cancellation fee and $60.00 for the charges added to your booking, and $117.00 is refunded: $117.00 by bank transfer from us.',
    );
    // The ledger, after the cancellation, owes the guest the same.
    const payments = await api(srv.url, 'GET', `/api/admin/bookings/${b.id}/payments`, undefined, admin);
    expect(payments.body.totals.refundDue).toBe(11_700);
  });
});
