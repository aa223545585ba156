import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMajor } from '../../src/shared/money.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
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
    // Independently of the service: the confirmed stays of the owner's homes checking out in the month.
    const snap = await db.sql<{
      id: number;
      total_price: number;
      nights: number;
      fees: number;
      taxes: number;
      pct: number;
      commission?: number;
    }>(
      `select b.id, b.total_price, b.nights, o.commission_percent as pct,
              coalesce((select sum((l->>'amount')::int) from jsonb_array_elements(b.price_lines) l
                         where l->>'kind' in ('cleaningFee', 'extraGuestFee', 'petFee')), 0)::int as fees,
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
    // The rows keep cents; the statement answers in dollars with cents.
    for (const r of snap) {
      r.commission = toMajor(Math.round(((r.total_price - r.taxes) * r.pct) / 100));
      r.total_price = toMajor(r.total_price);
      r.fees = toMajor(r.fees);
      r.taxes = toMajor(r.taxes);
    }
    expect(snap.some((r) => r.fees > 0)).toBe(true);
    for (const [i, r] of snap.entries()) {
      const x = s.stays[i]!;
      expect(x.gross).toBe(r.total_price);
      expect(x.nights).toBe(r.nights);
      expect(x.fees).toBe(r.fees);
      expect(x.taxes).toBe(r.taxes);
      expect(x.commission).toBe(r.commission);
      expect(x.rent + x.fees + x.taxes).toBeCloseTo(x.gross, 9);
      expect(x.net + x.commission + x.taxes).toBeCloseTo(x.gross, 9);
    }
    const sum = (k: 'total_price' | 'nights' | 'fees' | 'taxes') => snap.reduce((a, r) => a + r[k], 0);
    expect(s.totals).toMatchObject({ stays: 3, nights: sum('nights') });
    for (const [k, col] of [
      ['gross', 'total_price'],
      ['fees', 'fees'],
      ['taxes', 'taxes'],
    ] as const)
      expect(s.totals[k]).toBeCloseTo(sum(col), 9);
    expect(s.totals.net + s.totals.commission + s.totals.taxes).toBeCloseTo(s.totals.gross, 9);
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
  });

  it('e-mails the owner when the operator publishes', async () => {
    const out = await asAdmin().owners.publish({ id: ownerA.id, month });
    expect(out.emailedTo).toBe('owner-anna@example.com');
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
