import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { REPORT_RANGE_BACKWARDS, REPORT_RANGE_TOO_LONG } from '../../src/shared/schemas/reports.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

let db: TTestDb;
let admin: TSessionUser;
const homes: number[] = [];
const asAdmin = () => callerFor(db, admin).caller;
const base = addDays(todayIso(), 30);

let ip = 0;
async function book(propertyId: number, offset: number, nights: number) {
  ip += 1;
  return callerFor(db, null, { ip: `10.40.0.${ip}` }).caller.bookings.create({
    propertyId,
    checkIn: addDays(base, offset),
    checkOut: addDays(base, offset + nights),
    guests: 2,
    contactInfo: { name: 'Rita Report', email: 'rita@example.com', phone: '+1 555 0100', country: 'Spain' },
  });
}

/**
 * The same figures computed another way: every held night of every stay as its own row (generate_series),
 * each worth its stay's total divided by its nights, kept when it falls in the range.
 */
async function direct(from: string, to: string, propertyIds: number[]) {
  const [row] = await db.sql<{ nights: number; revenue: number; listed: number }>(
    `with n as (
       select b.property_id, d::date as night, b.total_price::float8 / (b.check_out - b.check_in) as worth
         from bookings b, generate_series(b.check_in, b.check_out - 1, interval '1 day') d
        where b.status in ('pending', 'confirmed') and b.property_id = any($3::int[])
     )
     select (select count(*) from n where night between $1::date and $2::date)::int as nights,
            (select coalesce(sum(worth), 0) from n where night between $1::date and $2::date)::float8 as revenue,
            (select count(*) from properties where archived_at is null and id = any($3::int[]))::int as listed`,
    [from, to, `{${propertyIds.join(',')}}`],
  );
  const available = (row?.listed ?? 0) * ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1);
  const nights = row?.nights ?? 0;
  const revenue = row?.revenue ?? 0;
  return {
    bookedNights: nights,
    availableNights: available,
    occupancy: available ? nights / available : 0,
    adr: nights ? revenue / nights : 0,
    revpar: available ? revenue / available : 0,
  };
}

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
  for (const price of [90, 150, 240]) homes.push((await createProperty(db.em(), { price })).id);
  const [a, b, c] = homes as [number, number, number];
  await book(a, 0, 3);
  await book(a, 5, 7);
  await book(a, 20, 2);
  await book(b, 2, 4);
  await book(b, 28, 10);
  const cancelled = await book(c, 1, 5);
  await asAdmin().bookings.updateStatus({ id: cancelled.id, status: 'cancelled' });
  await book(c, 9, 14);
  // Lead times: one booked long ahead.
  await db.sql(`update bookings set created_at = created_at - interval '120 days' where property_id = $1`, [
    c,
  ]);
});
afterAll(async () => {
  await db.drop();
});

describe('occupancy, ADR and RevPAR', () => {
  const ranges: [number, number][] = [
    [0, 30],
    [3, 9],
    [25, 45],
    [-10, 5],
  ];
  it.each(ranges)('match a direct computation from day %i to day %i, in total and per home', async (f, t) => {
    const from = addDays(base, f);
    const to = addDays(base, t);
    const report = await asAdmin().reports.summary({ from, to });
    const expected = await direct(from, to, homes);
    expect(report.totals.bookedNights).toBe(expected.bookedNights);
    expect(report.totals.availableNights).toBe(expected.availableNights);
    expect(report.totals.occupancy).toBeCloseTo(expected.occupancy, 9);
    expect(report.totals.adr).toBeCloseTo(expected.adr, 6);
    expect(report.totals.revpar).toBeCloseTo(expected.revpar, 6);
    for (const id of homes) {
      const one = await asAdmin().reports.summary({ from, to, propertyId: id });
      const want = await direct(from, to, [id]);
      expect(one.totals.bookedNights).toBe(want.bookedNights);
      expect(one.totals.occupancy).toBeCloseTo(want.occupancy, 9);
      expect(one.totals.adr).toBeCloseTo(want.adr, 6);
      expect(one.totals.revpar).toBeCloseTo(want.revpar, 6);
    }
    const monthNights = report.byMonth.reduce((s, m) => s + m.bookedNights, 0);
    expect(monthNights).toBe(expected.bookedNights);
  });

  it('profiles the arrivals: lead time, length of stay, cancellations and sources', async () => {
    const report = await asAdmin().reports.summary({ from: base, to: addDays(base, 40) });
    expect(report.cancellations).toMatchObject({ arrivals: 7, cancelled: 1 });
    expect(report.cancellations.rate).toBeCloseTo(1 / 7, 9);
    expect(report.lengthOfStay.reduce((s, b) => s + b.bookings, 0)).toBe(6);
    expect(report.lengthOfStay.find((b) => b.label === '14+ nights')?.bookings).toBe(1);
    expect(report.leadTime.find((b) => b.label === '91+ days')?.bookings).toBe(1);
    expect(report.sources.find((s) => s.source === 'direct')).toMatchObject({ stays: 6, nights: 40 });
  });

  it('refuses a range over 3 years or ending before it starts with 400', async () => {
    const code = async (p: Promise<unknown>) => {
      try {
        await p;
        return 'OK';
      } catch (err) {
        return `${String((err as { code?: string }).code)}: ${(err as Error).message}`;
      }
    };
    expect(await code(asAdmin().reports.summary({ from: '2024-01-01', to: '2027-01-02' }))).toContain(
      REPORT_RANGE_TOO_LONG,
    );
    expect(await code(asAdmin().reports.summary({ from: '2024-01-01', to: '2026-12-31' }))).toBe('OK');
    expect(await code(asAdmin().reports.summary({ from: '2024-02-01', to: '2024-01-01' }))).toContain(
      REPORT_RANGE_BACKWARDS,
    );
    expect(await code(asAdmin().reports.summary({ from: '2024-02-01', to: '2024-01-01' }))).toMatch(
      /^BAD_REQUEST/,
    );
  });
});
