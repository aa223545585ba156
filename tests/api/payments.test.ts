import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { dayAtHome } from '../../src/shared/home-time.ts';
import { createProperty } from '../support/fixtures.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';
import { pdfText } from '../support/pdf-text.ts';
import { adminCookie, book, expectReconciled } from './payments-helpers.ts';

let srv: TTestServer;
let admin: { cookie: string };

const schedule = {
  depositPercent: 30,
  balanceDaysBefore: 30,
  offerCard: true,
  offerBankTransfer: true,
  bankInstructions: 'Transfer to StayHub Test Bank, IBAN XX00 TEST 1234, quoting your confirmation number.',
  offerPayOnArrival: false,
  depositDeadlineHours: 48,
  depositDeadlineAction: 'flag',
};

beforeAll(async () => {
  srv = await startTestServer();
  admin = await adminCookie(srv.url);
  const saved = await api(srv.url, 'PUT', '/api/settings/payments', schedule, admin);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(() => srv.close());

const ledgerOf = async (id: number) => {
  const res = await api(srv.url, 'GET', `/api/admin/bookings/${id}/payments`, undefined, admin);
  expect(res.status).toBe(200);
  expectReconciled(res.body);
  return res.body;
};
const pay = (id: number, body: Record<string, unknown>) =>
  api(srv.url, 'POST', `/api/admin/bookings/${id}/payments`, body, admin);

describe('payment settings', () => {
  it('answer the schedule, without card while Stripe is not configured, and refuse bad input naming the rule', async () => {
    const got = await api(srv.url, 'GET', '/api/settings/payments', undefined, admin);
    expect(got.body).toMatchObject({ ...schedule, cardAvailable: false });
    const bad = await api(
      srv.url,
      'PUT',
      '/api/settings/payments',
      { ...schedule, depositPercent: 150 },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Deposit must be a percentage from 0 to 100.');
    const none = await api(
      srv.url,
      'PUT',
      '/api/settings/payments',
      { ...schedule, offerCard: false, offerBankTransfer: false, offerPayOnArrival: false },
      admin,
    );
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('Offer at least one payment method.');
    expect((await api(srv.url, 'GET', '/api/settings/payments')).status).toBe(401);
  });
});

describe('the quote names the ways a booking made now could be paid', () => {
  it('in the snapshot order, from Settings, and never card while Stripe is not configured', async () => {
    const home = await createProperty(srv.db.em(), { price: 90 });
    const checkIn = addDays(todayIso(), 90);
    const quote = async () => {
      const res = await api(
        srv.url,
        'GET',
        `/api/bookings/quote?propertyId=${home.id}&checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}`,
      );
      expect(res.status).toBe(200);
      return res.body.schedule.methods as string[];
    };
    expect(await quote()).toEqual(['bank_transfer']);
    const put = (change: Record<string, unknown>) =>
      api(srv.url, 'PUT', '/api/settings/payments', { ...schedule, ...change }, admin);
    try {
      expect((await put({ offerPayOnArrival: true })).status).toBe(200);
      expect(await quote()).toEqual(['bank_transfer', 'pay_on_arrival']);
      expect((await put({ offerBankTransfer: false, offerPayOnArrival: true })).status).toBe(200);
      expect(await quote()).toEqual(['pay_on_arrival']);
    } finally {
      expect((await put({})).status).toBe(200);
    }
  });
});

describe('manual payments', () => {
  it('deposit due, a bank transfer, balance due, paid in full; a cancellation leaves a refund due until it is marked refunded', async () => {
    const home = await createProperty(srv.db.em(), { price: 100 });
    const checkIn = addDays(todayIso(), 60);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 3));
    const total = b.totalPrice * 100;
    const deposit = Math.round(total * 0.3);

    let ledger = await ledgerOf(b.id);
    expect(ledger.schedule).toMatchObject({
      currency: 'USD',
      total,
      depositPercent: 30,
      deposit,
      balance: total - deposit,
      balanceDueOn: addDays(checkIn, -30),
      methods: ['bank_transfer'],
    });
    expect(ledger.schedule.depositDeadlineAt).not.toBeNull();
    expect(ledger.totals).toMatchObject({
      status: 'unpaid',
      depositDue: deposit,
      balanceDue: total,
      paid: 0,
    });

    // Bad amounts: 400s that name the rule.
    for (const [amount, message] of [
      [0, 'Amount must be more than zero'],
      [-100, 'Amount must be more than zero'],
      [12.5, 'Amount must be a whole number of cents'],
      [total + 1, `A payment cannot be more than the balance due ($${(total / 100).toFixed(2)})`],
    ] as const) {
      const res = await pay(b.id, { amount, method: 'bank_transfer' });
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.message).toContain(message);
    }

    const first = await pay(b.id, { amount: deposit, method: 'bank_transfer', reference: 'BT-1001' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.totals).toMatchObject({
      status: 'deposit_paid',
      depositDue: 0,
      balanceDue: total - deposit,
    });
    expectReconciled(first.body);
    expect(first.body.lines[0]).toMatchObject({
      method: 'bank_transfer',
      amount: deposit,
      reference: 'BT-1001',
      recordedByName: 'Site Admin',
    });

    // The same reference again is the same payment.
    const again = await pay(b.id, { amount: 100, method: 'bank_transfer', reference: 'bt-1001' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This payment is already recorded');

    // Two admins submitting the same payment at once: one line, the other a clear conflict.
    const both = await Promise.all([
      pay(b.id, { amount: 1000, method: 'cash', requestId: 'form-submit-42' }),
      pay(b.id, { amount: 1000, method: 'cash', requestId: 'form-submit-42' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    ledger = await ledgerOf(b.id);
    expect(ledger.lines.filter((l: { method: string }) => l.method === 'cash')).toHaveLength(1);

    const rest = total - deposit - 1000;
    const full = await pay(b.id, { amount: rest, method: 'other', receivedAt: todayIso() });
    expect(full.status).toBe(200);
    expect(full.body.totals).toMatchObject({ status: 'paid', balanceDue: 0, paid: total });
    const over = await pay(b.id, { amount: 1, method: 'cash' });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('This booking is paid in full');

    // The guest sees the same ledger by the manage link, and nothing left to pay.
    const guest = await api(srv.url, 'GET', `/api/bookings/manage/${b.manageToken}/payments`);
    expect(guest.status).toBe(200);
    expect(guest.body.totals.status).toBe('paid');
    expect(guest.body.refundOnCancel).toBe(total);
    const nothing = await api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/pay`, {
      part: 'balance',
    });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('Nothing is due on this booking');

    // The operator cancels: everything paid is due back (manual payments are refunded by hand).
    expect(
      (await api(srv.url, 'PUT', `/api/bookings/${b.id}/status`, { status: 'cancelled' }, admin)).status,
    ).toBe(200);
    ledger = await ledgerOf(b.id);
    expect(ledger.totals).toMatchObject({ status: 'refund_due', refundDue: total, balanceDue: 0 });
    expect((await pay(b.id, { amount: 100, method: 'cash' })).body.message).toBe(
      'A cancelled booking takes no payments',
    );

    const tooMuch = await api(
      srv.url,
      'POST',
      `/api/admin/bookings/${b.id}/refunds`,
      { amount: total + 1, reason: 'Cancelled' },
      admin,
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(
      `A refund cannot be more than what was paid ($${(total / 100).toFixed(2)})`,
    );
    const refund = await api(
      srv.url,
      'POST',
      `/api/admin/bookings/${b.id}/refunds`,
      { amount: total, reason: 'Cancelled by the operator', method: 'bank_transfer' },
      admin,
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body.totals).toMatchObject({ status: 'refunded', refundDue: 0, net: 0 });
    expectReconciled(refund.body);

    const activity = await srv.db.sql<{ action: string }>(
      `select action from activity_log where entity_type = 'booking' and entity_id = $1 and action like 'payment.%' order by id`,
      [String(b.id)],
    );
    expect(activity.map((a) => a.action)).toEqual([
      'payment.record',
      'payment.record',
      'payment.record',
      'payment.refund',
    ]);
  });

  it('a stay that starts inside the balance window is due in full at booking; the guest gets the bank instructions', async () => {
    const home = await createProperty(srv.db.em(), { price: 80 });
    const checkIn = addDays(todayIso(), 10);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 2));
    const ledger = await ledgerOf(b.id);
    expect(ledger.schedule).toMatchObject({ deposit: b.totalPrice * 100, balance: 0, balanceDueOn: null });
    const res = await api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/pay`, { part: 'full' });
    expect(res.status).toBe(200);
    expect(res.body.checkoutUrl).toBeUndefined();
    expect(res.body.amount).toBe(b.totalPrice * 100);
    expect(res.body.instructions).toContain('StayHub Test Bank');
    expect(res.body.instructions).toContain(b.confirmationNumber);
    const bad = await api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/pay`, {
      part: 'everything',
    });
    expect(bad.status).toBe(400);
    expect((await api(srv.url, 'GET', '/api/bookings/manage/not-a-token/payments')).status).toBe(404);
  });

  it("'balance' asks for what is owed beyond the deposit, never the unpaid deposit with it", async () => {
    const home = await createProperty(srv.db.em(), { price: 120 });
    const checkIn = addDays(todayIso(), 80);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 3));
    const { schedule: plan } = await ledgerOf(b.id);
    const payPart = (part: string) =>
      api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/pay`, { part, method: 'bank_transfer' });
    // Deposit unpaid: the balance is the schedule's balance, the full amount is everything.
    expect((await payPart('balance')).body.amount).toBe(plan.balance);
    expect((await payPart('full')).body.amount).toBe(plan.total);
    expect((await payPart('deposit')).body.amount).toBe(plan.deposit);
    // Deposit paid: balance and full are the same amount.
    expect(
      (await pay(b.id, { amount: plan.deposit, method: 'bank_transfer', reference: 'DEP-1' })).status,
    ).toBe(200);
    expect((await payPart('balance')).body.amount).toBe(plan.balance);
    expect((await payPart('full')).body.amount).toBe(plan.balance);
  });

  it('a booking takes the schedule in force when it is made, not a later one', async () => {
    const home = await createProperty(srv.db.em(), { price: 100 });
    const checkIn = addDays(todayIso(), 90);
    const before = await book(srv.url, home.id, checkIn, addDays(checkIn, 2));
    await api(srv.url, 'PUT', '/api/settings/payments', { ...schedule, depositPercent: 50 }, admin);
    const after = await book(srv.url, home.id, addDays(checkIn, 5), addDays(checkIn, 7));
    await api(srv.url, 'PUT', '/api/settings/payments', schedule, admin);
    expect((await ledgerOf(before.id)).schedule.depositPercent).toBe(30);
    expect((await ledgerOf(after.id)).schedule.depositPercent).toBe(50);
    expect((await ledgerOf(after.id)).schedule.deposit).toBe(after.totalPrice * 50);
  });

  it('the invoice PDF opens by the manage link or for an admin (receipt.pdf too), with its number, the operator, nights, tax, payments and balance', async () => {
    const home = await createProperty(srv.db.em(), { price: 110, title: 'Receipt Cottage' });
    const checkIn = addDays(todayIso(), 70);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 2));
    const total = b.totalPrice * 100;
    expect((await pay(b.id, { amount: 5000, method: 'bank_transfer', reference: 'RCPT-77' })).status).toBe(
      200,
    );
    const res = await fetch(`${srv.url}/api/bookings/manage/${b.manageToken}/invoice.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'StayHub',
      '123 Harbour Street, Suite 400, San Francisco, CA 94105',
      b.confirmationNumber,
      'Receipt Cottage',
      `Invoice INV-${todayIso().slice(0, 4)}-`,
      '(2 nights), 2 × $110.00',
      'GST (17%)',
      '(RCPT-77)',
      '$50.00',
      'Balance due',
      `$${((total - 5000) / 100).toFixed(2)}`,
    ])
      expect(text).toContain(expected);
    expect((await fetch(`${srv.url}/api/bookings/manage/wrong-token/receipt.pdf`)).status).toBe(404);
    expect((await fetch(`${srv.url}/api/admin/bookings/${b.id}/receipt.pdf`)).status).toBe(401);
    const asAdmin = await fetch(`${srv.url}/api/admin/bookings/${b.id}/receipt.pdf`, { headers: admin });
    expect(asAdmin.status).toBe(200);
    const again = pdfText(Buffer.from(await asAdmin.arrayBuffer()));
    expect(again).toContain('(RCPT-77)');
    // The document of record: the same number, whoever downloads it and by either name.
    const number = /Invoice (INV-\d{4}-\d{6})/.exec(text)?.[1];
    expect(number).toBeDefined();
    expect(again).toContain(`Invoice ${number}`);
    expect((await ledgerOf(b.id)).invoiceNumber).toBe(number);
  });

  it('the Payments list: outstanding, overdue, received by method and date, refunds due, totals and the CSV export', async () => {
    const home = await createProperty(srv.db.em(), { price: 95, title: 'List Lodge' });
    const checkIn = addDays(todayIso(), 120);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 2));
    const list = (q: string) => api(srv.url, 'GET', `/api/admin/payments?${q}`, undefined, admin);
    const outstanding = await list('view=outstanding&pageSize=200');
    expect(outstanding.status).toBe(200);
    expect(outstanding.body.items).toContainEqual(
      expect.objectContaining({
        bookingId: b.id,
        amount: b.totalPrice * 100,
        status: 'unpaid',
        propertyTitle: 'List Lodge',
      }),
    );
    expect(outstanding.body.totals.outstanding).toBeGreaterThanOrEqual(b.totalPrice * 100);
    expect(await pay(b.id, { amount: 2500, method: 'cash', reference: 'LIST-1' })).toMatchObject({
      status: 200,
    });
    const received = await list(`view=received&method=cash&from=${todayIso()}&to=${todayIso()}`);
    expect(received.body.items).toContainEqual(
      expect.objectContaining({ bookingId: b.id, amount: 2500, method: 'cash', reference: 'LIST-1' }),
    );
    expect(received.body.totals.received).toBeGreaterThanOrEqual(2500);
    expect((await list('view=received&method=card')).body.items).toEqual([]);
    const afterPay = await list('view=outstanding&pageSize=200');
    expect(afterPay.body.items).toContainEqual(
      expect.objectContaining({ bookingId: b.id, amount: b.totalPrice * 100 - 2500 }),
    );
    // Not overdue: the balance is months away and the deposit deadline has not passed.
    expect(
      (await list('view=overdue&pageSize=200')).body.items.map((i: { bookingId: number }) => i.bookingId),
    ).not.toContain(b.id);
    expect(await pay(b.id, { amount: 1000, method: 'bank_transfer', reference: 'LIST-2' })).toMatchObject({
      status: 200,
    });
    await api(srv.url, 'PUT', `/api/bookings/${b.id}/status`, { status: 'cancelled' }, admin);
    expect((await list('view=refunds_due&pageSize=200')).body.items).toContainEqual(
      expect.objectContaining({ bookingId: b.id, amount: 3500, status: 'refund_due' }),
    );
    const paged = await list('view=received&page=1&pageSize=1');
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.total).toBeGreaterThan(1);
    expect((await list('view=everything')).status).toBe(400);
    expect((await api(srv.url, 'GET', '/api/admin/payments')).status).toBe(401);
    const csv = await fetch(`${srv.url}/api/admin/payments/export.csv?view=refunds_due`, { headers: admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe(
      'Booking,Confirmation number,Guest,Home,Check-in,Booking status,Amount,Currency,Due / received,Method,Reference',
    );
    expect(text).toContain(b.confirmationNumber);
    expect((await fetch(`${srv.url}/api/admin/payments/export.csv`)).status).toBe(401);
  });

  it('the payments CSV writes amounts in currency units with their currency, and days at the home, in its time zone', async () => {
    const zone = 'Pacific/Honolulu';
    const home = await createProperty(srv.db.em(), { price: 95, title: 'Hilo Hale', timeZone: zone });
    const checkIn = addDays(todayIso(), 130);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 2));
    const rowOf = async (query: string, find: (cells: string[]) => boolean) => {
      const res = await fetch(`${srv.url}/api/admin/payments/export.csv?${query}`, { headers: admin });
      expect(res.status).toBe(200);
      const rows = (await res.text()).split('\r\n').map((r) => r.split(','));
      return rows.find(find);
    };
    const { schedule: plan } = await ledgerOf(b.id);
    // Nothing paid: the deposit's deadline, an instant, is written as the day it falls on in Honolulu.
    expect(await rowOf('view=outstanding', (c) => c[0] === String(b.id))).toEqual([
      String(b.id),
      b.confirmationNumber,
      'Pia Payer',
      'Hilo Hale',
      checkIn,
      'confirmed',
      (plan.total / 100).toFixed(2),
      'USD',
      dayAtHome(new Date(plan.depositDeadlineAt), zone),
      '',
      '',
    ]);
    // 05:30 UTC is still the evening before in Honolulu (UTC−10).
    const receivedAt = `${addDays(todayIso(), -1)}T05:30:00.000Z`;
    expect(await pay(b.id, { amount: 1230, method: 'cash', reference: 'CSV-1', receivedAt })).toMatchObject({
      status: 200,
    });
    const received = await rowOf('view=received&method=cash', (c) => c.at(-1) === 'CSV-1');
    expect(received?.slice(6)).toEqual(['12.30', 'USD', addDays(todayIso(), -2), 'cash', 'CSV-1']);
  });
});

describe('files behind procedures', () => {
  it("an owner statement's PDF and CSV and the bookings CSV answer as private files, with the procedure's 400, 401 and 404", async () => {
    const home = await createProperty(srv.db.em(), { price: 130, title: 'Statement Studio' });
    const registered = await api(srv.url, 'POST', '/api/auth/register', {
      username: 'file-owner',
      email: 'file-owner@example.com',
      password: 'secret-pw',
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const ownerId = (registered.body as { id: number }).id;
    const added = await api(
      srv.url,
      'POST',
      '/api/admin/staff',
      { userId: ownerId, role: 'owner', propertyIds: [] },
      admin,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const set = await api(
      srv.url,
      'PUT',
      `/api/admin/properties/${home.id}/owner`,
      { ownerId, commissionPercent: 20 },
      admin,
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const checkIn = addDays(todayIso(), 40);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 2));
    const month = addDays(checkIn, 2).slice(0, 7);

    const pdf = await fetch(`${srv.url}/api/admin/owners/${ownerId}/statements.pdf?month=${month}`, {
      headers: admin,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('cache-control')).toBe('private, no-store');
    expect(pdf.headers.get('x-robots-tag')).toBe('noindex');
    expect(pdf.headers.get('content-disposition')).toBe(
      `inline; filename="statement-${month}-owner-${ownerId}.pdf"`,
    );
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain(b.confirmationNumber);

    const csv = await fetch(`${srv.url}/api/admin/owners/${ownerId}/statements.csv?month=${month}`, {
      headers: admin,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="statement-${month}-owner-${ownerId}.csv"`,
    );
    expect(await csv.text()).toContain(b.confirmationNumber);

    const bad = await fetch(`${srv.url}/api/admin/owners/${ownerId}/statements.csv?month=2026-13`, {
      headers: admin,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/month/i);
    expect((await fetch(`${srv.url}/api/admin/owners/${ownerId}/statements.pdf?month=${month}`)).status).toBe(
      401,
    );
    expect(
      (await fetch(`${srv.url}/api/admin/owners/999999/statements.pdf?month=${month}`, { headers: admin }))
        .status,
    ).toBe(404);

    const bookings = await fetch(`${srv.url}/api/bookings/export.csv`, { headers: admin });
    expect(bookings.status).toBe(200);
    expect(bookings.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(bookings.headers.get('cache-control')).toBe('private, no-store');
    expect(bookings.headers.get('content-disposition')).toMatch(/^attachment; filename="?[\w.-]+\.csv"?$/);
    expect(await bookings.text()).toContain(b.confirmationNumber);

    // A file is a REST answer: over tRPC the same procedure is refused whole.
    const input = encodeURIComponent(JSON.stringify({ json: { id: ownerId, month } }));
    const viaTrpc = await fetch(`${srv.url}/trpc/owners.statementPdf?input=${input}`, { headers: admin });
    expect(viaTrpc.status).toBe(404);
    expect(await viaTrpc.text()).toContain('Files are served at their /api path');
    // The document describes each file with its media type and a binary body.
    const doc = (await (await fetch(`${srv.url}/api/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: Record<string, unknown> }> }>
      >;
    };
    expect(doc.paths['/admin/owners/{id}/statements.pdf']?.get?.responses['200']?.content).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    });
    expect(
      Object.keys(doc.paths['/admin/payments/export.csv']?.get?.responses['200']?.content ?? {}),
    ).toEqual(['text/csv']);
  });
});
