import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { createProperty } from '../support/fixtures.ts';
import { pdfText } from '../support/pdf-text.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';
import { adminCookie, book, expectReconciled } from './payments-helpers.ts';

let srv: TTestServer;
let admin: { cookie: string };
const year = todayIso().slice(0, 4);

beforeAll(async () => {
  srv = await startTestServer();
  admin = await adminCookie(srv.url);
});
afterAll(() => srv.close());

const ledgerOf = async (id: number) => {
  const res = await api(srv.url, 'GET', `/api/admin/bookings/${id}/payments`, undefined, admin);
  expect(res.status).toBe(200);
  expectReconciled(res.body);
  return res.body;
};
const post = (id: number, what: string, body: Record<string, unknown>) =>
  api(srv.url, 'POST', `/api/admin/bookings/${id}/${what}`, body, admin);
const pdf = async (path: string, headers: Record<string, string> = admin) => {
  const res = await fetch(`${srv.url}${path}`, { headers });
  return { status: res.status, text: pdfText(Buffer.from(await res.arrayBuffer())), bytes: res };
};

describe('adjustments', () => {
  it('an extra charge and a credit change what is owed, show on the invoice and are in the activity log', async () => {
    const home = await createProperty(srv.db.em(), { price: 100, title: 'Adjusted Villa' });
    const checkIn = addDays(todayIso(), 80);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 2));
    const total = b.totalPrice * 100;

    const charge = await post(b.id, 'adjustments', { amount: 4550, reason: 'Late check-out' });
    expect(charge.status, JSON.stringify(charge.body)).toBe(200);
    // Well before the balance date only the deposit is due now; the extra charge joins the balance.
    expect(charge.body.schedule.dueNow).toBe(charge.body.totals.depositDue);
    expect(charge.body.totals).toMatchObject({
      adjustments: 4550,
      charged: total + 4550,
      balanceDue: total + 4550,
    });
    const credit = await post(b.id, 'adjustments', { amount: -1000, reason: 'Broken kettle' });
    expect(credit.body.totals).toMatchObject({ adjustments: 3550, balanceDue: total + 3550 });
    expect(credit.body.lines.map((l: { kind: string; amount: number }) => [l.kind, l.amount])).toEqual([
      ['adjustment', 4550],
      ['adjustment', -1000],
    ]);

    for (const [body, message] of [
      [{ amount: 0, reason: 'Nothing' }, 'Amount must not be zero'],
      [{ amount: 12.5, reason: 'Cents' }, 'Amount must be a whole number of cents'],
      [{ amount: 100 }, 'Reason'],
      [
        { amount: -(total + 3551), reason: 'Too much' },
        'A credit cannot be more than what the booking charges',
      ],
    ] as const) {
      const res = await post(b.id, 'adjustments', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(
      (await api(srv.url, 'POST', `/api/admin/bookings/${b.id}/adjustments`, { amount: 1, reason: 'x y' }))
        .status,
    ).toBe(401);

    const invoice = await pdf(`/api/admin/bookings/${b.id}/invoice.pdf`);
    expect(invoice.status).toBe(200);
    for (const text of [
      'Charge: Late check-out',
      '$45.50',
      'Credit: Broken kettle',
      '-$10.00',
      `$${((total + 3550) / 100).toFixed(2)}`,
    ])
      expect(invoice.text).toContain(text);

    const activity = await srv.db.sql<{ action: string }>(
      `select action from activity_log where entity_type = 'booking' and entity_id = $1 and action like 'payment.%' order by id`,
      [String(b.id)],
    );
    expect(activity.map((a) => a.action)).toEqual(['payment.adjust', 'payment.adjust']);
  });

  it('a $100 goodwill refund on a booking paid in full leaves nothing due and a credit note for it', async () => {
    const home = await createProperty(srv.db.em(), { price: 150, title: 'Goodwill Cabin' });
    const checkIn = addDays(todayIso(), 60);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 3));
    const total = b.totalPrice * 100;
    expect(
      (await post(b.id, 'payments', { amount: total, method: 'bank_transfer', reference: 'GW-1' })).status,
    ).toBe(200);
    const invoiceNumber = (await pdf(`/api/admin/bookings/${b.id}/invoice.pdf`)).text.match(
      /INV-\d{4}-\d{6}/,
    )?.[0];
    expect(invoiceNumber).toBeDefined();

    const refund = await post(b.id, 'refunds', {
      amount: 10000,
      reason: 'Noisy neighbours',
      method: 'bank_transfer',
      goodwill: true,
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body.totals).toMatchObject({
      balanceDue: 0,
      refundDue: 0,
      net: total - 10000,
      charged: total - 10000,
      status: 'paid',
    });
    expect(refund.body.invoiceNumber).toBe(invoiceNumber);
    const note = refund.body.documents.find((d: { kind: string }) => d.kind === 'credit_note');
    expect(note).toMatchObject({ total: 10000 });
    expect(note.number).toMatch(new RegExp(`^CN-${year}-\\d{6}$`));

    const cn = await pdf(`/api/admin/bookings/${b.id}/credit-notes/${note.number}.pdf`);
    expect(cn.status).toBe(200);
    for (const text of [
      `Credit note ${note.number}`,
      `For invoice ${invoiceNumber}`,
      'Credit: Goodwill: Noisy neighbours',
      '$100.00',
    ])
      expect(cn.text).toContain(text);
    const byGuest = await pdf(`/api/bookings/manage/${b.manageToken}/credit-notes/${note.number}.pdf`, {});
    expect(byGuest.text).toBe(cn.text);
    expect((await pdf(`/api/admin/bookings/${b.id}/credit-notes/CN-${year}-999999.pdf`)).status).toBe(404);
    expect(
      (await pdf(`/api/bookings/manage/${b.manageToken}/credit-notes/${note.number}x.pdf`, {})).status,
    ).toBe(404);

    // The invoice is the document of record: the goodwill credit did not change it.
    const again = await pdf(`/api/bookings/manage/${b.manageToken}/invoice.pdf`, {});
    expect(again.text).toContain(`Invoice ${invoiceNumber}`);
    expect(again.text).not.toContain('Noisy neighbours');

    // No reminder chases a balance: the booking is paid.
    const list = await api(
      srv.url,
      'GET',
      '/api/admin/payments?view=outstanding&pageSize=200',
      undefined,
      admin,
    );
    expect(list.body.items.map((i: { bookingId: number }) => i.bookingId)).not.toContain(b.id);
  });
});

describe('invoices and credit notes', () => {
  it('a request not yet accepted has no invoice', async () => {
    const home = await createProperty(srv.db.em(), {
      price: 80,
      title: 'Asking Barn',
      bookingMode: 'request',
    });
    const checkIn = addDays(todayIso(), 140);
    const b = await book(srv.url, home.id, checkIn, addDays(checkIn, 2));
    expect((await ledgerOf(b.id)).bookingStatus).toBe('requested');
    const res = await fetch(`${srv.url}/api/admin/bookings/${b.id}/invoice.pdf`, { headers: admin });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe(
      'A request has no invoice until it is accepted',
    );
    expect((await ledgerOf(b.id)).invoiceNumber).toBeNull();
  });

  it('numbers follow each other without gaps; a cancellation issues a credit note for what it does not keep', async () => {
    const home = await createProperty(srv.db.em(), { price: 90, title: 'Numbered Loft' });
    const checkIn = addDays(todayIso(), 100);
    const first = await book(srv.url, home.id, checkIn, addDays(checkIn, 2));
    const second = await book(srv.url, home.id, addDays(checkIn, 5), addDays(checkIn, 7));
    const n1 = (await pdf(`/api/admin/bookings/${first.id}/invoice.pdf`)).text.match(
      /INV-\d{4}-(\d{6})/,
    )?.[1];
    const n2 = (await pdf(`/api/admin/bookings/${second.id}/invoice.pdf`)).text.match(
      /INV-\d{4}-(\d{6})/,
    )?.[1];
    expect(Number(n2)).toBe(Number(n1) + 1);

    const total = second.totalPrice * 100;
    expect((await post(second.id, 'payments', { amount: 5000, method: 'cash' })).status).toBe(200);
    expect(
      (await api(srv.url, 'PUT', `/api/bookings/${second.id}/status`, { status: 'cancelled' }, admin)).status,
    ).toBe(200);
    const ledger = await ledgerOf(second.id);
    const note = ledger.documents.find((d: { kind: string }) => d.kind === 'credit_note');
    // The operator's cancel keeps no fee: the whole invoice is credited.
    expect(note).toMatchObject({ total });
    const cn = await pdf(`/api/admin/bookings/${second.id}/credit-notes/${note.number}.pdf`);
    expect(cn.text).toContain(`Booking ${second.confirmationNumber} cancelled`);
    expect(cn.text).toContain('Total credited');
  });
});
