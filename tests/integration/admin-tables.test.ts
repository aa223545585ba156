import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSessionUser } from '../../src/server/services/auth/sessions.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

/** Issue 17, tables that scale: the running totals, the listings page query and the reviews list. */

let db: TTestDb;
let admin: TSessionUser;

beforeAll(async () => {
  db = await createTestDatabase();
  admin = await seededAdmin(db);
});
afterAll(async () => {
  await db.drop();
});

let seq = 0;
async function insertBooking(propertyId: number, status: string, total: number): Promise<number> {
  seq += 1;
  const [row] = await db.sql<{ id: number }>(
    `insert into bookings (property_id, check_in, check_out, guests, total_price, status, nightly_price, nights,
                           tax_rate, tax_amount, confirmation_number, contact_info)
     values ($1, current_date + 400 + $2::int * 10, current_date + 402 + $2::int * 10, 2, $3, $4, 100, 2, 17, 34, $5,
             '{"name":"Counter Guest","email":"counter@example.com"}') returning id`,
    [propertyId, seq, total, status, `BIC${String(800000 + seq)}`],
  );
  if (!row) throw new Error('no booking');
  return row.id;
}

/** What the dashboard's counters must equal: counted from the tables themselves. */
async function counted() {
  const [row] = await db.sql<{ homes: number; bookings: number; pending: number; revenue: number }>(
    `select (select count(*)::int from properties where archived_at is null) as homes,
            (select count(*)::int from bookings) as bookings,
            (select count(*)::int from bookings where status = 'pending') as pending,
            (select coalesce(sum(total_price), 0)::float8 from bookings where status <> 'cancelled') as revenue`,
  );
  if (!row) throw new Error('no counts');
  return row;
}

describe('running totals (dashboard counters, unfiltered booking counts)', () => {
  it('follow inserts, status and price changes, archive, restore and deletes exactly', async () => {
    const { caller } = callerFor(db, admin);
    const expectMatch = async () => {
      const truth = await counted();
      const dash = await caller.admin.dashboard();
      expect({
        homes: dash.totalProperties,
        bookings: dash.totalBookings,
        pending: dash.pendingBookings,
        revenue: dash.totalRevenue,
      }).toEqual(truth);
      expect((await caller.bookings.page({})).total).toBe(truth.bookings);
      expect((await caller.bookings.page({ status: 'pending' })).total).toBe(truth.pending);
      expect(dash.occupancy.availableNights).toBe(truth.homes * 30);
    };
    await expectMatch();
    const home = await createProperty(db.em());
    const other = await createProperty(db.em());
    const a = await insertBooking(home.id, 'pending', 500);
    const b = await insertBooking(home.id, 'confirmed', 700);
    await insertBooking(other.id, 'cancelled', 900);
    await expectMatch();
    await db.sql(`update bookings set status = 'cancelled' where id = $1`, [a]);
    await db.sql(`update bookings set total_price = 650 where id = $1`, [b]);
    await expectMatch();
    // A home with bookings is archived, not deleted; then restored; a home without any is deleted.
    await caller.properties.delete({ id: home.id });
    await expectMatch();
    await caller.properties.restore({ id: home.id });
    const lonely = await createProperty(db.em());
    await caller.properties.delete({ id: lonely.id });
    await expectMatch();
    await db.sql('delete from bookings where id = $1', [b]);
    await expectMatch();
  });
});
