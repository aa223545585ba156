import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import type { TStatement } from '../../src/shared/schemas/owners.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { statementCsv } from '../../src/server/services/owners/monthly-statement.ts';
import { statementPdf } from '../../src/server/services/owners/statement-pdf.ts';
import { pdfText } from '../support/pdf-text.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

let db: TTestDb;
let admin: TSessionUser;
let ownerA: TSessionUser;
let ownerB: TSessionUser;
let homeA1: number;
let homeA2: number;
let homeB: number;
const asAdmin = () => callerFor(db, admin).caller;
// A month well ahead, so every stay in it can be booked today.
const month = addDays(todayIso(), 70).slice(0, 7);
const day = (d: number) => `${month}-${String(d).padStart(2, '0')}`;
const [year, mm] = month.split('-').map(Number) as [number, number];
const nextMonth = mm === 12 ? `${year + 1}-01` : `${year}-${String(mm + 1).padStart(2, '0')}`;
const cents = (n: number) => Math.round(n * 100);

let ip = 0;
async function book(
  propertyId: number,
  checkIn: string,
  checkOut: string,
  status: 'confirmed' | 'requested' | 'cancelled',
) {
  ip += 1;
  // A request is what stays unconfirmed now that an instant booking is confirmed at once.
  if (status === 'requested')
    await db.sql(`update properties set booking_mode = 'request' where id = $1`, [propertyId]);
  const b = await callerFor(db, null, { ip: `10.41.0.${ip}` }).caller.bookings.create({
    propertyId,
    checkIn,
    checkOut,
    guests: 3,
    contactInfo: {
      name: 'Olga Owner-Guest',
      email: 'olga@example.com',
      phone: '+1 555 0100',
      country: 'Spain',
    },
  });
  if (status === 'requested')
    await db.sql(`update properties set booking_mode = 'instant' where id = $1`, [propertyId]);
  else if (status !== b.status) await asAdmin().bookings.updateStatus({ id: b.id, status });
  return b;
}

async function owner(name: string): Promise<TSessionUser> {
  ip += 1;
  const user = await callerFor(db, null, { ip: `10.41.1.${ip}` }).caller.auth.register({
    username: name,
    email: `${name}@example.com`,
    password: 'secret-pw',
  });
  await db.sql(`update users set staff_role = 'owner' where id = $1`, [user.id]);
  return { ...user, role: 'owner' };
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
  homeA1 = (await createProperty(db.em(), { price: 120 })).id;
  homeA2 = (await createProperty(db.em(), { price: 200 })).id;
  homeB = (await createProperty(db.em(), { price: 90 })).id;
  ownerA = await owner('owner-anna');
  ownerB = await owner('owner-bert');
  // Fees and a tourist tax on one home, so the snapshot has lines of every kind.
  await asAdmin().pricing.update({
    id: homeA1,
    cleaningFee: 45,
    extraGuestFee: 10,
    extraGuestsAbove: 2,
    touristTaxPercent: 3.5,
  });
  await asAdmin().owners.setHomeOwner({ id: homeA1, ownerId: ownerA.id, commissionPercent: 18.5 });
  await asAdmin().owners.setHomeOwner({ id: homeA2, ownerId: ownerA.id, commissionPercent: 10 });
  await asAdmin().owners.setHomeOwner({ id: homeB, ownerId: ownerB.id, commissionPercent: 20 });

  await book(homeA1, day(2), day(5), 'confirmed');
  await book(homeA1, day(8), day(15), 'confirmed'); // a week: the weekly rules do not apply, fees do
  await book(homeA2, day(20), day(23), 'confirmed');
  await book(homeA2, day(25), addDays(day(25), 10), 'confirmed'); // checks out next month: not in this one
  await book(homeA2, day(5), day(7), 'requested'); // not confirmed: not earned
  await book(homeA1, day(16), day(18), 'cancelled');
  await book(homeB, day(3), day(6), 'confirmed'); // another owner's home
});
afterAll(async () => {
  await db.drop();
});

describe('owner statements', () => {
  it("reconciles with the bookings' price snapshots", async () => {
    const s = await asAdmin().owners.statement({ id: ownerA.id, month });
    // Independently of the service: the confirmed stays of the owner's homes checking out in the month. Fees
    // are the pass-through ones, as the reports count them: the extra-guest fee is rent (docs/reports.md).
    const snap = await db.sql<{
      id: number;
      total_price: number;
      nights: number;
      fees: number;
      taxes: number;
      pct: number;
    }>(
      `select b.id, b.total_price, b.nights, o.commission_percent as pct,
              coalesce((select sum((l->>'amount')::int) from jsonb_array_elements(b.price_lines) l
                         where l->>'kind' in ('cleaningFee', 'petFee')), 0)::int as fees,
              coalesce((select sum((l->>'amount')::int) from jsonb_array_elements(b.price_lines) l
                         where l->>'kind' in ('gst', 'touristTax')), 0)::int as taxes
         from bookings b join home_owners o on o.property_id = b.property_id
        where o.user_id = $1 and b.status = 'confirmed'
          and b.check_out >= $2::date and b.check_out < ($2::date + interval '1 month')
        order by b.check_out, b.id`,
      [ownerA.id, `${month}-01`],
    );
    expect(snap).toHaveLength(3);
    expect(s.stays.map((x) => x.bookingId)).toEqual(snap.map((r) => r.id));
    expect(snap.some((r) => r.fees > 0)).toBe(true);
    for (const [i, r] of snap.entries()) {
      const x = s.stays[i]!;
      expect(x.kind).toBe('stay');
      expect(cents(x.gross)).toBe(r.total_price);
      expect(x.nights).toBe(r.nights);
      expect(cents(x.fees)).toBe(r.fees);
      expect(cents(x.taxes)).toBe(r.taxes);
      expect(x.refunds).toBe(0);
      // The percentage of rent and fees, rounded once to the cent.
      expect(cents(x.commission)).toBe(Math.round(((r.total_price - r.taxes) * r.pct) / 100));
      expect(cents(x.rent) + cents(x.fees) + cents(x.taxes)).toBe(cents(x.gross));
      expect(cents(x.net) + cents(x.commission) + cents(x.taxes)).toBe(cents(x.gross));
    }
    const sum = (k: 'total_price' | 'fees' | 'taxes') => snap.reduce((a, r) => a + r[k], 0);
    expect(s.totals).toMatchObject({ stays: 3, nights: snap.reduce((a, r) => a + r.nights, 0) });
    expect([cents(s.totals.gross), cents(s.totals.fees), cents(s.totals.taxes)]).toEqual([
      sum('total_price'),
      sum('fees'),
      sum('taxes'),
    ]);
    expect(cents(s.totals.net) + cents(s.totals.commission) + cents(s.totals.taxes)).toBe(
      cents(s.totals.gross),
    );
    expect(s).toMatchObject({ status: 'draft', number: null, adjustments: [], expenses: [], payouts: [] });
    expect(s.homes.map((h) => h.id).sort()).toEqual([homeA1, homeA2].sort());
  });

  it('lets an owner read their own statement, and answers 404 for another owner', async () => {
    const mine = await callerFor(db, ownerA).caller.owners.statement({ id: ownerA.id, month });
    expect(mine.totals.stays).toBe(3);
    await expect(
      callerFor(db, ownerB).caller.owners.statement({ id: ownerA.id, month }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const theirs = await callerFor(db, ownerB).caller.owners.statement({ id: ownerB.id, month });
    expect(theirs.stays.map((x) => x.propertyId)).toEqual([homeB]);
    // The owner sees each party's size and dates, never the guest's name or contact.
    expect(mine.stays.map((x) => x.guests)).toEqual([3, 3, 3]);
    for (const text of [JSON.stringify(mine), statementCsv(mine)])
      for (const secret of ['Olga', 'olga@example.com', '555 0100']) expect(text).not.toContain(secret);
  });

  it('numbers the month and e-mails the owner when the operator publishes', async () => {
    const out = await asAdmin().owners.publish({ id: ownerA.id, month });
    expect(out.emailedTo).toBe('owner-anna@example.com');
    expect(out.number).toMatch(/^OS-\d{4}-\d{4}$/);
    expect(await asAdmin().owners.statement({ id: ownerA.id, month })).toMatchObject({
      status: 'published',
      number: out.number,
    });
    const rows = await db.sql<{ subject: string }>(
      `select subject from emails where to_address = $1 and subject like 'Your % statement for %'`,
      ['owner-anna@example.com'],
    );
    expect(rows.map((r) => r.subject)).toEqual([expect.stringContaining(month)]);
  });

  it("refuses an owner who is not on the team's owner role", async () => {
    await expect(
      asAdmin().owners.setHomeOwner({ id: homeB, ownerId: admin.id, commissionPercent: 5 }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it("reads a home's owner and lists the owners for the pickers, a manager only those of their homes", async () => {
    expect(await asAdmin().owners.homeOwner({ id: homeA1 })).toEqual({
      propertyId: homeA1,
      ownerId: ownerA.id,
      commissionPercent: 18.5,
    });
    const unowned = (await createProperty(db.em(), { price: 80 })).id;
    expect(await asAdmin().owners.homeOwner({ id: unowned })).toEqual({
      propertyId: unowned,
      ownerId: null,
      commissionPercent: null,
    });
    const all = await asAdmin().owners.list({});
    expect(all.items.map((o) => [o.id, o.homes])).toEqual([
      [ownerA.id, 2],
      [ownerB.id, 1],
    ]);
    expect(all.total).toBe(2);
    expect((await asAdmin().owners.list({ q: 'bert' })).items.map((o) => o.id)).toEqual([ownerB.id]);

    const manager = await owner('manager-mia');
    await db.sql(`update users set staff_role = 'manager' where id = $1`, [manager.id]);
    await db.sql(`insert into staff_homes (user_id, property_id) values ($1, $2)`, [manager.id, homeA2]);
    const asManager = callerFor(db, { ...manager, role: 'manager' }).caller;
    const theirs = await asManager.owners.list({});
    expect(theirs.items.map((o) => [o.id, o.homes])).toEqual([[ownerA.id, 1]]);
    expect(theirs.total).toBe(1);
    await expect(asManager.owners.homeOwner({ id: homeB })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('a month that closes', () => {
  let ownerC: TSessionUser;
  let homeC: number;
  let paidStay: { id: number; totalPrice: number };
  let cancelledStay: { id: number; totalPrice: number };
  let expenseId: number;
  let payoutId: number;
  const asC = () => callerFor(db, ownerC).caller;
  const files = async (s: TStatement) => ({
    csv: statementCsv(s),
    pdf: pdfText(
      await statementPdf(s, { name: 'StayHub', address: 'Somewhere 1', email: 'ops@example.com' }),
    ),
  });

  beforeAll(async () => {
    ownerC = await owner('owner-cleo');
    homeC = (await createProperty(db.em(), { price: 100 })).id;
    await asAdmin().owners.setHomeOwner({ id: homeC, ownerId: ownerC.id, commissionPercent: 20 });
    paidStay = await book(homeC, day(2), day(5), 'confirmed');
    cancelledStay = await book(homeC, day(10), day(12), 'confirmed');
    await asAdmin().payments.record({ id: paidStay.id, amount: cents(paidStay.totalPrice), method: 'cash' });
  });

  it("puts the operator's expenses and payouts in the month, with the owner's net", async () => {
    const expense = await asAdmin().owners.createExpense({
      id: homeC,
      date: day(15),
      category: 'repairs',
      amount: 120.5,
      description: 'New kitchen tap',
    });
    expenseId = expense.id;
    expect(expense).toMatchObject({ amount: 120.5, category: 'repairs', propertyId: homeC });
    payoutId = (
      await asAdmin().owners.createPayout({
        id: ownerC.id,
        date: day(20),
        amount: 300,
        reference: 'BANK-0001',
      })
    ).id;
    const [stored] = await db.sql<{ amount: number }>('select amount from home_expenses where id = $1', [
      expenseId,
    ]);
    expect(stored?.amount).toBe(12050);

    const s = await asC().owners.statement({ id: ownerC.id, month });
    expect(s.status).toBe('draft');
    expect(s.stays.map((x) => x.bookingId)).toEqual([paidStay.id, cancelledStay.id]);
    expect(s.expenses.map((e) => [e.id, e.amount])).toEqual([[expenseId, 120.5]]);
    expect(s.payouts.map((p) => [p.id, p.amount, p.reference])).toEqual([[payoutId, 300, 'BANK-0001']]);
    const t = s.totals;
    expect(t.expenses).toBe(120.5);
    expect(cents(t.ownerNet)).toBe(cents(t.net) - 12050);
    expect(cents(t.balance)).toBe(cents(t.ownerNet) - 30000);
    const grossRent = s.stays.reduce((sum, x) => sum + cents(x.rent) + cents(x.fees), 0);
    expect(cents(t.commission)).toBe(
      s.stays.reduce((sum, x) => sum + Math.round((cents(x.rent) + cents(x.fees)) * 0.2), 0),
    );
    expect(cents(t.net)).toBe(grossRent - cents(t.commission));
    expect((await asAdmin().owners.expenses({ id: ownerC.id, month })).items.map((e) => e.id)).toEqual([
      expenseId,
    ]);
    expect((await asAdmin().owners.payouts({ id: ownerC.id, month })).items.map((p) => p.id)).toEqual([
      payoutId,
    ]);
  });

  it('publishes a numbered snapshot that a refund and a cancellation leave exactly as it was', async () => {
    const draft = await asAdmin().owners.statement({ id: ownerC.id, month });
    const out = await asAdmin().owners.publish({ id: ownerC.id, month });
    const published = await asAdmin().owners.statement({ id: ownerC.id, month });
    expect(published).toMatchObject({ status: 'published', number: out.number });
    expect(published.publishedAt).toEqual(expect.any(String));
    const { status: _s, number: _n, publishedAt: _p, ...figures } = published;
    const { status: _ds, number: _dn, publishedAt: _dp, ...draftFigures } = draft;
    expect(figures).toEqual(draftFigures);
    const before = await files(published);
    expect(before.pdf).toContain(out.number);
    expect(before.csv).toContain(out.number);

    // After publishing: a goodwill refund on one stay, and the other cancelled.
    await asAdmin().payments.refund({ id: paidStay.id, amount: 5000, reason: 'Goodwill', method: 'cash' });
    await asAdmin().bookings.updateStatus({ id: cancelledStay.id, status: 'cancelled' });

    const after = await asAdmin().owners.statement({ id: ownerC.id, month });
    expect(after).toEqual(published);
    expect(await files(after)).toEqual(before);
    expect(await asC().owners.statement({ id: ownerC.id, month })).toEqual(published);

    const next = await asAdmin().owners.statement({ id: ownerC.id, month: nextMonth });
    expect(next.status).toBe('draft');
    expect(next.stays).toEqual([]);
    const stated = new Map(published.stays.map((x) => [x.bookingId, x]));
    expect(next.adjustments.map((a) => [a.bookingId, a.kind, a.reason, a.originalMonth])).toEqual([
      [paidStay.id, 'adjustment', 'refund', month],
      [cancelledStay.id, 'adjustment', 'cancellation', month],
    ]);
    const [refund, cancellation] = next.adjustments as [
      TStatement['adjustments'][number],
      TStatement['adjustments'][number],
    ];
    // The refund comes off the owner's share, less the commission it no longer earns.
    expect(refund).toMatchObject({ gross: 0, refunds: 50, commission: -10, net: -40 });
    // The cancelled stay earned nothing in the end: everything stated for it is taken back.
    const was = stated.get(cancelledStay.id)!;
    expect(cancellation).toMatchObject({ gross: -was.gross, commission: -was.commission, net: -was.net });
    expect(next.totals.adjustments).toBe(-40 - was.net);
    expect(next.totals.net).toBe(next.totals.adjustments);
  });

  it('refuses new or deleted entries in a published month, and takes them in the next', async () => {
    const locked = { code: 'CONFLICT', message: expect.stringContaining(`${month} is published`) };
    await expect(
      asAdmin().owners.createExpense({
        id: homeC,
        date: day(28),
        category: 'supplies',
        amount: 10,
        description: 'Soap',
      }),
    ).rejects.toMatchObject(locked);
    await expect(asAdmin().owners.deleteExpense({ id: expenseId })).rejects.toMatchObject(locked);
    await expect(asAdmin().owners.deletePayout({ id: payoutId })).rejects.toMatchObject(locked);
    await expect(
      asAdmin().owners.createPayout({ id: ownerC.id, date: day(28), amount: 5, reference: 'LATE' }),
    ).rejects.toMatchObject(locked);
    await expect(asAdmin().owners.publish({ id: ownerC.id, month })).rejects.toMatchObject({
      code: 'CONFLICT',
    });

    const later = await asAdmin().owners.createExpense({
      id: homeC,
      date: `${nextMonth}-03`,
      category: 'cleaning',
      amount: 40,
      description: 'Deep clean',
    });
    expect((await asAdmin().owners.statement({ id: ownerC.id, month: nextMonth })).totals.expenses).toBe(40);
    expect(await asAdmin().owners.deleteExpense({ id: later.id })).toEqual({ ok: true });
    expect((await asAdmin().owners.statement({ id: ownerC.id, month: nextMonth })).expenses).toEqual([]);
  });

  it('numbers without gaps, lists the months with their status, and a closed month states each change once', async () => {
    const first = (await asAdmin().owners.statement({ id: ownerC.id, month })).number!;
    const out = await asAdmin().owners.publish({ id: ownerC.id, month: nextMonth });
    const [prefix, seq] = [first.slice(0, 8), Number(first.slice(8))];
    // Publishes in between (ownerA's month) come from the same counter: the next number is the next one given.
    const [counter] = await db.sql<{ last: number }>('select last from statement_counters where year = $1', [
      Number(first.slice(3, 7)),
    ]);
    expect(out.number).toBe(`${prefix}${String(counter!.last).padStart(4, '0')}`);
    expect(counter!.last).toBeGreaterThan(seq);
    const numbers = await db.sql<{ number: string }>('select number from owner_statements order by number');
    expect(numbers.map((r) => Number(r.number.slice(8)))).toEqual(numbers.map((_r, i) => i + 1));

    const list = await asC().owners.statements({ id: ownerC.id, year: Number(month.slice(0, 4)) });
    expect(list.items.find((i) => i.month === month)).toMatchObject({ status: 'published', number: first });

    const [y2, m2] = nextMonth.split('-').map(Number) as [number, number];
    const third = m2 === 12 ? `${y2 + 1}-01` : `${y2}-${String(m2 + 1).padStart(2, '0')}`;
    const after = await asAdmin().owners.statement({ id: ownerC.id, month: third });
    expect(after.adjustments).toEqual([]);
    expect(after.totals.net).toBe(0);
  });

  it('shows a manager only the lines of their homes, and no payouts', async () => {
    const manager = await owner('manager-max');
    await db.sql(`update users set staff_role = 'manager' where id = $1`, [manager.id]);
    await db.sql(`insert into staff_homes (user_id, property_id) values ($1, $2)`, [manager.id, homeA2]);
    const asManager = callerFor(db, { ...manager, role: 'manager' }).caller;
    const s = await asManager.owners.statement({ id: ownerA.id, month });
    expect(s.status).toBe('published');
    expect(new Set(s.stays.map((x) => x.propertyId))).toEqual(new Set([homeA2]));
    expect(s.payouts).toEqual([]);
    await expect(
      asManager.owners.createExpense({
        id: homeC,
        date: day(1),
        category: 'other',
        amount: 1,
        description: 'x',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(asManager.owners.deleteExpense({ id: expenseId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
