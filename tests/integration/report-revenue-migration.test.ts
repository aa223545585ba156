import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { Migration20261204055900_report_revenue as ReportRevenue } from '../../src/server/migrations/migration-20261204055900-report-revenue.ts';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

let db: TTestDb;
let admin: TSessionUser;

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
});
afterAll(async () => {
  await db.drop();
});

const PARTS = `select id, room_minor, fees_minor, gst_minor, tourist_tax_minor, kept_minor from bookings order by id`;
const SUMS = `select day::text, source, status, nights, sum(stays)::int as stays, sum(room)::int as room,
                     sum(room_rem)::int as rem, sum(fees)::int as fees, sum(gst)::int as gst,
                     sum(tourist_tax)::int as tt, sum(kept)::int as kept
                from booking_arrivals group by 1, 2, 3, 4 having sum(stays) <> 0 order by 1, 2, 3, 4`;

describe('the report revenue migration', () => {
  it('fills the parts of the bookings there are and their sums by check-in day, as the trigger keeps them', async () => {
    const caller = callerFor(db, admin).caller;
    const home = (await createProperty(db.em(), { price: 130 })).id;
    await caller.pricing.update({ id: home, cleaningFee: 45, weeklyDiscount: 5, touristTaxPercent: 3 });
    const start = addDays(todayIso(), 20);
    const stays = [
      [0, 7],
      [9, 3],
      [14, 2],
    ] as const;
    const ids: number[] = [];
    for (const [offset, nights] of stays)
      ids.push(
        (
          await caller.bookings.createByOperator({
            propertyId: home,
            checkIn: addDays(start, offset),
            checkOut: addDays(start, offset + nights),
            guests: 2,
            source: 'phone',
            guest: { name: 'Mia Migration' },
          })
        ).id,
      );
    await db.sql(`update bookings set status = 'cancelled', cancellation_fee = 15200 where id = $1`, [
      ids[1],
    ]);
    const parts = await db.sql(PARTS);
    const sums = await db.sql(SUMS);
    expect(sums.length).toBeGreaterThan(0);

    // The schema as it was before: no parts, no sums of them, nor the trigger and indexes that go with them.
    await db.sql(
      `drop index external_events_held_end_idx, calendar_blocks_end_idx, bookings_owner_stays_idx`,
    );
    await db.sql(`drop trigger bookings_revenue_parts on bookings`);
    await db.sql(`alter table bookings drop column room_minor, drop column fees_minor, drop column gst_minor,
                  drop column tourist_tax_minor, drop column kept_minor`);
    await db.sql(`alter table booking_arrivals drop column room, drop column room_rem, drop column fees,
                  drop column gst, drop column tourist_tax, drop column kept`);

    const em = db.em();
    const migration = new ReportRevenue(em.getDriver(), em.config);
    await migration.up();
    await em.transactional(async (tx) => {
      for (const q of migration.getQueries()) await tx.execute(q);
    });
    expect(await db.sql(PARTS)).toEqual(parts);
    expect(await db.sql(SUMS)).toEqual(sums);
    const [idx] = await db.sql<{ n: number }>(
      `select count(*)::int as n from pg_indexes where indexname in ('bookings_sold_stays_idx', 'bookings_holding_home_idx')`,
    );
    expect(idx?.n).toBe(2);
  });
});
