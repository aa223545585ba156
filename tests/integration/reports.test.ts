import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, daysBetween, todayIso } from '../../src/shared/dates.ts';
import {
  REPORT_RANGE_BACKWARDS,
  REPORT_RANGE_TOO_LONG,
  ZReportInput,
} from '../../src/shared/schemas/reports.ts';
import { revenueByHome } from '../../src/server/repositories/revenue.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { reportSummary } from '../../src/server/services/reports/summary.ts';
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
 * A night's room revenue in cents, for one row per night `d` of a stay `b`: the stay's room revenue divided
 * by its nights, the remainder on the first night (docs/reports.md).
 */
const NIGHT_WORTH = `((b.room_minor - b.room_minor % (b.check_out - b.check_in)) / (b.check_out - b.check_in)
                      + case when d::date = b.check_in then b.room_minor % (b.check_out - b.check_in) else 0 end)`;
/** Sold stays: pending or confirmed, not an owner's. */
const SOLD = `b.status in ('pending', 'confirmed') and b.source <> 'owner'`;

/**
 * The same figures computed another way: every sold night of every stay as its own row (generate_series),
 * each worth its share of the stay's room revenue, kept when it falls in the range.
 */
async function direct(from: string, to: string, propertyIds: number[]) {
  const [row] = await db.sql<{ nights: number; revenue: number; listed: number }>(
    `with n as (
       select b.property_id, d::date as night, ${NIGHT_WORTH} as worth
         from bookings b, generate_series(b.check_in, b.check_out - 1, interval '1 day') d
        where ${SOLD} and b.property_id = any($3::int[])
     )
     select (select count(*) from n where night between $1::date and $2::date)::int as nights,
            (select coalesce(sum(worth), 0) from n where night between $1::date and $2::date)::int as revenue,
            (select count(*) from properties where archived_at is null and id = any($3::int[]))::int as listed`,
    [from, to, `{${propertyIds.join(',')}}`],
  );
  const available = (row?.listed ?? 0) * ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1);
  const nights = row?.nights ?? 0;
  const revenue = row?.revenue ?? 0;
  return {
    bookedNights: nights,
    availableNights: available,
    roomRevenue: revenue / 100,
    occupancy: available ? nights / available : 0,
    adr: nights ? Math.round(revenue / nights) / 100 : 0,
    revpar: available ? Math.round(revenue / available) / 100 : 0,
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
    expect(report.totals.roomRevenue).toBe(expected.roomRevenue);
    expect(report.totals.adr).toBe(expected.adr);
    expect(report.totals.revpar).toBe(expected.revpar);
    for (const id of homes) {
      const one = await asAdmin().reports.summary({ from, to, propertyId: id });
      const want = await direct(from, to, [id]);
      expect(one.totals.bookedNights).toBe(want.bookedNights);
      expect(one.totals.occupancy).toBeCloseTo(want.occupancy, 9);
      expect(one.totals.roomRevenue).toBe(want.roomRevenue);
      expect(one.totals.adr).toBe(want.adr);
      expect(one.totals.revpar).toBe(want.revpar);
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

describe('sources', () => {
  it('shows operator-entered bookings as their own sources beside direct and imported, as SQL counts them', async () => {
    const [a, b] = homes as [number, number, number];
    const operatorBooking = (
      propertyId: number,
      offset: number,
      nights: number,
      source: 'phone' | 'walk_in' | 'owner',
    ) =>
      asAdmin().bookings.createByOperator({
        propertyId,
        checkIn: addDays(base, offset),
        checkOut: addDays(base, offset + nights),
        guests: 2,
        source,
        guest: { name: 'Olly Operator' },
      });
    await operatorBooking(a, 60, 2, 'phone');
    await operatorBooking(b, 62, 3, 'phone');
    await operatorBooking(a, 65, 4, 'walk_in');
    await operatorBooking(b, 70, 5, 'owner');
    await book(a, 75, 2);
    const from = addDays(base, 55);
    const to = addDays(base, 90);
    const report = await asAdmin().reports.summary({ from, to });
    const rows = await db.sql<{ source: string; stays: number; nights: number }>(
      `select case source when 'website' then 'direct' else source end as source,
              count(*)::int as stays, sum(check_out - check_in)::int as nights
         from bookings where status in ('pending', 'confirmed') and check_in between $1::date and $2::date
        group by 1`,
      [from, to],
    );
    const want = (source: string) => rows.find((r) => r.source === source) ?? { stays: 0, nights: 0 };
    expect(report.sources.map((x) => x.source)).toEqual(['direct', 'phone', 'walk_in', 'owner', 'imported']);
    for (const x of report.sources.filter((y) => y.source !== 'imported'))
      expect({ stays: x.stays, nights: x.nights }, x.source).toEqual({
        stays: want(x.source).stays,
        nights: want(x.source).nights,
      });
    expect(report.sources.find((x) => x.source === 'phone')).toMatchObject({ stays: 2, nights: 5 });
    expect(report.sources.find((x) => x.source === 'owner')).toMatchObject({ stays: 1, nights: 5 });
    expect(report.sources.find((x) => x.source === 'direct')).toMatchObject({ stays: 1, nights: 2 });
  });
});

describe('booking pace', () => {
  /**
   * The same pace another way: each held night as its own row, kept when its stay was booked by the
   * cutoff, this year's nights by their month and last year's by the month a year later.
   */
  async function directPace(from: string, to: string, now: Date, propertyIds: number[]) {
    return db.sql<{ month: string; nights: number; revenue: number; ly_nights: number; ly_revenue: number }>(
      `with n as (
         select d::date as night, b.created_at, ${NIGHT_WORTH} as worth
           from bookings b, generate_series(b.check_in, b.check_out - 1, interval '1 day') d
          where ${SOLD} and b.property_id = any($4::int[])
       ), cur as (
         select to_char(night, 'YYYY-MM') as month, count(*)::int as nights, sum(worth) as revenue
           from n where night between $1::date and $2::date and created_at <= $3::timestamptz group by 1
       ), ly as (
         select to_char(night + interval '1 year', 'YYYY-MM') as month, count(*)::int as nights, sum(worth) as revenue
           from n where night between ($1::date - interval '1 year') and ($2::date - interval '1 year')
            and created_at <= $3::timestamptz - interval '1 year' group by 1
       )
       select m.month, coalesce(cur.nights, 0)::int as nights, coalesce(cur.revenue, 0)::int as revenue,
              coalesce(ly.nights, 0)::int as ly_nights, coalesce(ly.revenue, 0)::int as ly_revenue
         from (select to_char(g, 'YYYY-MM') as month
                 from generate_series(date_trunc('month', $1::date), date_trunc('month', $2::date), interval '1 month') g) m
         left join cur using (month) left join ly using (month)
        order by m.month`,
      [from, to, now.toISOString(), `{${propertyIds.join(',')}}`],
    );
  }

  it('compares the nights on the books with the same nights a year earlier as booked then, as SQL does', async () => {
    const [a, b, c] = homes as [number, number, number];
    const now = new Date();
    const yearAgo = (days: number) => new Date(now.getTime() - 365 * 86_400_000 + days * 86_400_000);
    const lastYear = (offset: number) => {
      const d = new Date(`${addDays(base, offset)}T00:00:00Z`);
      d.setUTCFullYear(d.getUTCFullYear() - 1);
      return d.toISOString().slice(0, 10);
    };
    let seq = 0;
    const past = async (propertyId: number, offset: number, nights: number, status: string, booked: Date) => {
      seq += 1;
      await db.sql(
        `insert into bookings (property_id, check_in, check_out, guests, total_price, status, nightly_price, nights,
                               tax_rate, tax_amount, confirmation_number, created_at)
         values ($1, $2::date, $2::date + $3::int, 2, $3::int * 100, $4, 100, $3, 0, 0, $5, $6)`,
        [propertyId, lastYear(offset), nights, status, `PACE${String(seq).padStart(8, '0')}`, booked],
      );
    };
    await past(a, 2, 3, 'confirmed', yearAgo(-10)); // on the books by then
    await past(b, 10, 4, 'confirmed', yearAgo(5)); // booked after the same day last year
    await past(c, 20, 2, 'cancelled', yearAgo(-30)); // not holding
    await past(a, 35, 7, 'pending', yearAgo(-2)); // partly past the range's end

    const from = base;
    const to = addDays(base, 40);
    const report = await asAdmin().reports.summary({ from, to });
    const want = await directPace(from, to, now, homes);
    expect(report.pace.lastYearData).toBe(true);
    expect(report.pace.months.map((m) => m.month)).toEqual(want.map((w) => w.month));
    for (const [i, w] of want.entries()) {
      const m = report.pace.months[i]!;
      expect(m.nights, m.month).toBe(w.nights);
      expect(m.roomRevenue, m.month).toBe(w.revenue / 100);
      expect(m.lastYearNights, m.month).toBe(w.ly_nights);
      expect(m.lastYearRoomRevenue, m.month).toBe(w.ly_revenue / 100);
    }
    // 3 nights of the first stay and 6 of the last one's 7 fall in last year's range.
    expect(report.pace.months.reduce((s, m) => s + m.lastYearNights, 0)).toBe(9);
    expect(report.pace.months.reduce((s, m) => s + m.nights, 0)).toBe(report.totals.bookedNights);

    // Read 60 days ago (the service's clock): only the stays booked by then count, and a year before that
    // nothing had been booked yet.
    const earlier = new Date(now.getTime() - 60 * 86_400_000);
    const then = await reportSummary(db.em(), { from, to }, null, earlier);
    const wantThen = await directPace(from, to, earlier, homes);
    expect(then.pace.months.map((m) => [m.month, m.nights, m.lastYearNights])).toEqual(
      wantThen.map((w) => [w.month, w.nights, w.ly_nights]),
    );
    expect(then.pace.months.reduce((s, m) => s + m.nights, 0)).toBe(14);
    expect(then.pace.lastYearData).toBe(false);
    expect(then.pace.asOf).toBe(earlier.toISOString().slice(0, 10));
  });
});

describe('the edges of a range, months and scope', () => {
  /** Nights and room revenue (cents) by home and by month, one row per sold night (generate_series). */
  async function directNights(from: string, to: string, propertyIds: number[]) {
    return db.sql<{ property_id: number; month: string; nights: number; revenue: number }>(
      `select b.property_id, to_char(d, 'YYYY-MM') as month, count(*)::int as nights,
              sum(${NIGHT_WORTH})::int as revenue
         from bookings b, generate_series(b.check_in, b.check_out - 1, interval '1 day') d
        where ${SOLD} and b.property_id = any($3::int[])
          and d between $1::date and $2::date
        group by 1, 2`,
      [from, to, `{${propertyIds.join(',')}}`],
    );
  }
  const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);

  let edge: [number, number, number];
  let monthStart: string;
  beforeAll(async () => {
    edge = [
      (await createProperty(db.em(), { price: 110 })).id,
      (await createProperty(db.em(), { price: 170 })).id,
      (await createProperty(db.em(), { price: 260 })).id,
    ];
    // The first of a month well past the other tests' stays.
    const later = addDays(base, 130);
    monthStart = `${later.slice(0, 8)}01`;
    const at = daysBetween(base, monthStart);
    const [x, y, z] = edge;
    await book(x, at - 3, 5); // crosses the range's start and a month end
    await book(x, at + 10, 2);
    await book(y, at + 25, 28); // crosses a month end and the first range's end
    const cancelled = await book(y, at + 14, 6);
    await asAdmin().bookings.updateStatus({ id: cancelled.id, status: 'cancelled' });
    await book(z, at + 5, 3);
  });

  it('cuts stays at the range and month ends, leaves cancelled stays out, and counts an empty month as 0', async () => {
    const from = addDays(monthStart, -1);
    // The second range ends in a month that holds no stay of these homes.
    for (const to of [addDays(monthStart, 40), addDays(monthStart, 100)]) {
      const want = await directNights(from, to, edge);
      for (const propertyId of [...edge, undefined]) {
        const ids = propertyId ? [propertyId] : edge;
        const report = await reportSummary(db.em(), ZReportInput.parse({ from, to, propertyId }), ids);
        const mine = want.filter((w) => ids.includes(w.property_id));
        expect(report.totals.bookedNights, String(propertyId)).toBe(sum(mine, (w) => w.nights));
        expect(report.totals.roomRevenue).toBe(sum(mine, (w) => w.revenue) / 100);
        for (const m of report.byMonth) {
          const of = mine.filter((w) => w.month === m.month);
          expect(m.bookedNights, `${propertyId} ${m.month}`).toBe(sum(of, (w) => w.nights));
          expect(m.roomRevenue).toBe(sum(of, (w) => w.revenue) / 100);
        }
        for (const h of report.byHome) {
          const of = mine.filter((w) => w.property_id === h.propertyId);
          expect(h.bookedNights).toBe(sum(of, (w) => w.nights));
          expect(h.roomRevenue).toBe(sum(of, (w) => w.revenue) / 100);
        }
      }
    }
    const to = addDays(monthStart, 100);
    const all = await reportSummary(db.em(), ZReportInput.parse({ from, to }), edge);
    expect(all.byMonth.at(-1)).toMatchObject({ bookedNights: 0, roomRevenue: 0 });
    expect(all.byMonth.at(-1)?.month).toBe(to.slice(0, 7));
    // 2 of the first stay's 5 nights fall before the range.
    expect(all.byHome.find((h) => h.propertyId === edge[0])?.bookedNights).toBe(3 + 2);
  });

  it("counts a manager's homes only, and one home only when asked", async () => {
    const from = monthStart;
    const to = addDays(monthStart, 60);
    const [x, y, z] = edge;
    const want = await directNights(from, to, edge);
    const two = await reportSummary(db.em(), ZReportInput.parse({ from, to }), [x, z]);
    expect(two.homes).toBe(2);
    expect(two.byHome.map((h) => h.propertyId).sort()).toEqual([x, z].sort());
    expect(two.totals.bookedNights).toBe(
      sum(
        want.filter((w) => w.property_id !== y),
        (w) => w.nights,
      ),
    );
    expect(two.byMonth.reduce((s, m) => s + m.bookedNights, 0)).toBe(two.totals.bookedNights);
    const one = await reportSummary(db.em(), ZReportInput.parse({ from, to, propertyId: y }), [x, y, z]);
    expect(one.homes).toBe(1);
    expect(one.byHome.map((h) => h.propertyId)).toEqual([y]);
    expect(one.totals.bookedNights).toBe(
      sum(
        want.filter((w) => w.property_id === y),
        (w) => w.nights,
      ),
    );
    // A home outside the scope yields nothing, even when named.
    const none = await reportSummary(db.em(), ZReportInput.parse({ from, to, propertyId: y }), [x]);
    expect(none.totals.bookedNights).toBe(0);
    expect(none.byHome).toEqual([]);
    expect(none.sources.every((src) => src.stays === 0)).toBe(true);
  });

  it('ranks the homes by room revenue in SQL and shows only the first ones, the totals still over every home', async () => {
    const from = monthStart;
    const to = addDays(monthStart, 60);
    const want = await directNights(from, to, edge);
    const revenueOf = (id: number) =>
      sum(
        want.filter((w) => w.property_id === id),
        (w) => w.revenue,
      );
    const ranked = [...edge].sort((a, b) => revenueOf(b) - revenueOf(a) || a - b);
    const top = await revenueByHome(db.em(), { from, to, homes: edge }, 2);
    expect(top.map((h) => h.property_id)).toEqual(ranked.slice(0, 2));
    const report = await reportSummary(db.em(), ZReportInput.parse({ from, to }), edge);
    expect(report.totals.bookedNights).toBe(sum(want, (w) => w.nights));
    expect(report.byHome.map((h) => h.propertyId)).toEqual(ranked);
  });
});
