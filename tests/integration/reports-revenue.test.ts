import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { getDashboard } from '../../src/server/services/admin/dashboard.ts';
import { occupancyByNight } from '../../src/server/services/reports/revenue.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

/**
 * The reports by the industry's definitions (docs/reports.md) on a fixture worked out by hand: three
 * homes, 20 nights, GST at the settings' 17 %. Every expected figure below is written out, not computed.
 *
 * Home A ($100 a night; cleaning $80, pets $20, $10 per extra guest a night above 2, weekly discount 10 %,
 * tourist tax $2 per person a night):
 *   - nights 0–6, 3 adults and a pet: 700 − 70 discount + 70 extra guest = room $700; cleaning 80 + pet 20
 *     = fees $100; GST 17 % of 800 = $136; tourist tax 2 × 3 × 7 = $42; total $978.
 * Home B ($200):
 *   - nights 2–5 from the website: room $800, GST $136.
 *   - nights 8–9, cancelled, $234 fee kept (first night and its GST): other revenue $200. Paid $468, $234
 *     refunded: the refund is money given back, not a change of what the stay earned.
 *   - nights 18–20 by phone at $700 instead of the quote's $702: room 600 − 2 = $598 over 3 nights, 199.34
 *     on the first and 199.33 on the others; nights 18 and 19 are in the range: $398.67. GST $102.
 * Home C ($150):
 *   - an imported stay, nights 0–4 (5 nights sold, no revenue); a maintenance block, nights 5–7 (3);
 *     an owner's stay, nights 10–13 (4) and an owner block, nights 15–16 (2): 6 owner nights;
 *   - nights 17–18 by phone: room $300, GST $51.
 * After booking, A is charged $35.50 for damage and C's phone stay credited $10: other revenue
 * 200 + 35.50 − 10 = $225.50, room revenue unchanged.
 *
 * Available: 3 homes × 20 − 3 blocked − 6 owner = 51. Sold with a price: 7 + 4 + 2 + 2 = 15; with the 5
 * imported, 20 sold. Room revenue 700 + 800 + 398.67 + 300 = $2,198.67.
 * Occupancy 20 / 51; ADR 2,198.67 / 15 = $146.58; RevPAR 2,198.67 / 51 = $43.11.
 */

let db: TTestDb;
let admin: TSessionUser;
const asAdmin = () => callerFor(db, admin).caller;
let from = '';
let to = '';
const ids = { a: 0, b: 0, c: 0 };

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
  // A month well ahead and clear of other stays; its first 20 nights are the range.
  const later = addDays(todayIso(), 60);
  from = `${later.slice(0, 8)}01`;
  to = addDays(from, 19);
  const day = (n: number) => addDays(from, n);
  ids.a = (await createProperty(db.em(), { price: 100, maxGuests: 4 })).id;
  ids.b = (await createProperty(db.em(), { price: 200 })).id;
  ids.c = (await createProperty(db.em(), { price: 150 })).id;
  await asAdmin().pricing.update({
    id: ids.a,
    cleaningFee: 80,
    petFee: 20,
    petsAllowed: true,
    extraGuestFee: 10,
    extraGuestsAbove: 2,
    weeklyDiscount: 10,
    touristTaxPerPerson: 2,
  });
  const phone = (propertyId: number, first: number, nights: number, extra: object = {}) =>
    asAdmin().bookings.createByOperator({
      propertyId,
      checkIn: day(first),
      checkOut: day(first + nights),
      guests: 2,
      source: 'phone',
      guest: { name: 'Fiona Fixture' },
      ...extra,
    });
  const a = await phone(ids.a, 0, 7, { guests: 3, pets: 1 });
  await callerFor(db, null, { ip: '10.41.0.1' }).caller.bookings.create({
    propertyId: ids.b,
    checkIn: day(2),
    checkOut: day(6),
    guests: 2,
    contactInfo: { name: 'Walter Web', email: 'walter@example.com', phone: '+1 555 0101', country: 'Spain' },
  });
  const cancelled = await phone(ids.b, 8, 2);
  await phone(ids.b, 18, 3, { totalPrice: 700, overrideReason: 'Regular guest' });
  const late = await phone(ids.c, 17, 2);
  // After booking: a damage charge on A and a goodwill credit on C's phone stay are other revenue.
  await asAdmin().payments.adjust({ id: a.id, amount: 3_550, reason: 'Broken glass' });
  await asAdmin().payments.adjust({ id: late.id, amount: -1_000, reason: 'Late check-in' });
  await phone(ids.c, 10, 4, { source: 'owner' });
  await asAdmin().calendar.block({ id: ids.c, startDate: day(5), endDate: day(8), reason: 'maintenance' });
  await asAdmin().calendar.block({ id: ids.c, startDate: day(15), endDate: day(17), reason: 'owner' });
  const [feed] = await db.sql<{ id: number }>(
    `insert into ical_feeds (property_id, name, url, created_at)
     values ($1, 'Airbnb', 'https://example.com/a.ics', now()) returning id`,
    [ids.c],
  );
  await db.sql(
    `insert into external_events (feed_id, property_id, uid, start_date, end_date, summary, created_at)
     values ($1, $2, 'abnb-1', $3::date, $4::date, 'Reserved', now())`,
    [feed?.id, ids.c, day(0), day(5)],
  );
  // The guest paid in full, cancelled late and kept the fee; the rest was refunded (ledger in cents).
  await db.sql(`update bookings set status = 'cancelled', cancellation_fee = 23400 where id = $1`, [
    cancelled.id,
  ]);
  for (const [kind, amount] of [
    ['payment', 46800],
    ['refund', 23400],
  ] as const)
    await db.sql(
      `insert into ledger_lines (booking_id, kind, method, amount, currency, occurred_at, recorded_by_name)
       values ($1, $2, 'card', $3, 'USD', now(), 'Fixture')`,
      [cancelled.id, kind, amount],
    );
  expect(a.totalPrice).toBe(978);
});
afterAll(async () => {
  await db.drop();
});

describe('reports by the industry’s definitions, on a fixture worked out by hand', () => {
  it('counts room revenue, ADR, occupancy, RevPAR, other revenue and the pass-through amounts', async () => {
    const r = await asAdmin().reports.summary({ from, to });
    expect(r.totals).toEqual({
      availableNights: 51,
      bookedNights: 20,
      importedNights: 5,
      blockedNights: 3,
      ownerNights: 6,
      roomRevenue: 2198.67,
      occupancy: 20 / 51,
      adr: 146.58,
      revpar: 43.11,
      otherRevenue: 225.5,
      fees: 100,
      gst: 425,
      touristTax: 42,
    });
  });

  it('gives each home its own figures', async () => {
    const r = await asAdmin().reports.summary({ from, to });
    const home = (id: number) => r.byHome.find((h) => h.propertyId === id);
    expect(r.byHome.map((h) => h.propertyId)).toEqual([ids.b, ids.a, ids.c]);
    expect(home(ids.a)).toMatchObject({ availableNights: 20, bookedNights: 7, roomRevenue: 700, adr: 100 });
    expect(home(ids.b)).toMatchObject({
      availableNights: 20,
      bookedNights: 6,
      importedNights: 0,
      roomRevenue: 1198.67,
      adr: 199.78,
      revpar: 59.93,
    });
    // 20 nights less 3 blocked and 6 owner; 5 imported and 2 priced nights sold.
    expect(home(ids.c)).toMatchObject({
      availableNights: 11,
      bookedNights: 7,
      importedNights: 5,
      roomRevenue: 300,
      adr: 150,
      occupancy: 7 / 11,
      revpar: 27.27,
    });
    // One home's report reads its own stays: its adjustments and kept fees are its other revenue.
    const one = async (propertyId: number) =>
      (await asAdmin().reports.summary({ from, to, propertyId })).totals.otherRevenue;
    expect([await one(ids.a), await one(ids.b), await one(ids.c)]).toEqual([35.5, 200, -10]);
  });

  it('spreads room revenue over the nights in cents: the months of a stay add up to it exactly', async () => {
    // The phone stay on B crosses the range's end: its third night (199.33) is in the next range.
    const next = await asAdmin().reports.summary({
      from: addDays(to, 1),
      to: addDays(to, 1),
      propertyId: ids.b,
    });
    expect(next.totals).toMatchObject({ bookedNights: 1, roomRevenue: 199.33, gst: 0 });
    const wide = await asAdmin().reports.summary({ from, to: addDays(to, 40), propertyId: ids.b });
    expect(wide.totals.roomRevenue).toBe(800 + 598);
    expect(wide.byMonth.reduce((s, m) => s + Math.round(m.roomRevenue * 100), 0)).toBe(139_800);
    // One home asked for, and a manager's homes, give the same figures as every home.
    const one = await asAdmin().reports.summary({ from, to, propertyId: ids.b });
    expect(one.totals).toMatchObject({ roomRevenue: 1198.67, otherRevenue: 200, gst: 238 });
  });

  it('shows imported stays in the channel mix with no revenue, and an owner’s stay as no sale', async () => {
    const r = await asAdmin().reports.summary({ from, to });
    const source = (s: string) => r.sources.find((x) => x.source === s);
    expect(source('imported')).toEqual({ source: 'imported', stays: 1, nights: 5, roomRevenue: null });
    expect(source('owner')).toEqual({ source: 'owner', stays: 1, nights: 4, roomRevenue: null });
    expect(source('direct')).toEqual({ source: 'direct', stays: 1, nights: 4, roomRevenue: 800 });
    // Arriving in the range: A's, the override (its whole 598) and C's.
    expect(source('phone')).toEqual({ source: 'phone', stays: 3, nights: 12, roomRevenue: 1598 });
    expect(r.cancellations).toMatchObject({ arrivals: 6, cancelled: 1, lostRevenue: 400 });
  });

  it('gives the dashboard’s chart the same room revenue as the reports for this month', async () => {
    const today = new Date().toISOString().slice(0, 10);
    await asAdmin().bookings.createByOperator({
      propertyId: ids.b,
      checkIn: today,
      checkOut: addDays(today, 1),
      guests: 2,
      source: 'phone',
      guest: { name: 'Della Dashboard' },
    });
    const month = today.slice(0, 7);
    const report = await asAdmin().reports.summary({ from: `${month}-01`, to: today });
    const dashboard = await getDashboard(db.em());
    expect(dashboard.revenueByMonth.at(-1)).toEqual({ month, revenue: report.totals.roomRevenue });
    // The night's $200 without its $34 GST.
    expect(report.totals.roomRevenue).toBe(200);
  });

  it('gives the dashboard’s occupancy the reports’ nights, night by night', async () => {
    const byNight = await occupancyByNight(db.em(), { from, to }, null);
    expect(byNight).toHaveLength(20);
    const sum = (k: 'booked' | 'available') => byNight.reduce((n, x) => n + x[k], 0);
    expect([sum('booked'), sum('available')]).toEqual([20, 51]);
    // Night 0: A's stay and C's imported one, of three homes; night 5: B's stay, with C blocked.
    expect(byNight[0]).toEqual({ date: from, booked: 2, available: 3 });
    expect(byNight[5]).toEqual({ date: addDays(from, 5), booked: 2, available: 2 });
    // A manager of home C alone reads the same way.
    const c = await occupancyByNight(db.em(), { from, to }, [ids.c]);
    expect([c.reduce((n, x) => n + x.booked, 0), c.reduce((n, x) => n + x.available, 0)]).toEqual([7, 11]);
  });
});
