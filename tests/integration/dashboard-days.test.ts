import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDashboard } from '../../src/server/services/admin/dashboard.ts';
import { createTestDatabase, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

/**
 * The dashboard's figures for every home come from the holding stays by day (booking_days), which the
 * bookings' triggers keep (docs/features.md#dashboard-figures). The same figures for a list of every
 * home are counted from the bookings themselves, so the two must agree after any change.
 */

let db: TTestDb;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

let seq = 0;
/** A stay of `nights` from today + `offset` days; each call runs on a connection (and shard) of its own. */
async function insertStay(
  propertyId: number,
  offset: number,
  nights: number,
  status: string,
  total: number,
): Promise<number> {
  seq += 1;
  const [row] = await db.sql<{ id: number }>(
    `insert into bookings (property_id, check_in, check_out, guests, total_price, status, nightly_price, nights,
                           tax_rate, tax_amount, confirmation_number, contact_info)
     values ($1, current_date + $2::int, current_date + $2::int + $3::int, 2, $4, $5, 100, $3, 17, 0, $6,
             '{"name":"Day Guest","email":"day@example.com"}') returning id`,
    [propertyId, offset, nights, total, status, `BIC${String(700000 + seq)}`],
  );
  if (!row) throw new Error('no booking');
  return row.id;
}

/** The figures booking_days gives, and the ones counted from every home's bookings. */
async function expectExact(): Promise<void> {
  const ids = (await db.sql<{ id: number }>('select id from properties')).map((r) => r.id);
  const pick = (d: Awaited<ReturnType<typeof getDashboard>>) => ({
    checkInsToday: d.checkInsToday,
    checkOutsToday: d.checkOutsToday,
    checkInsWeek: d.checkInsWeek,
    checkOutsWeek: d.checkOutsWeek,
    inHouseNow: d.inHouseNow,
    byNight: d.occupancy.byDay.map((n) => n.booked),
    revenueByMonth: d.revenueByMonth,
  });
  expect(pick(await getDashboard(db.em()))).toEqual(pick(await getDashboard(db.em(), ids)));
}

describe('dashboard figures by day', () => {
  it('equal the counts from the bookings after inserts, changes of status, dates and price, archiving, deletes and a truncate', async () => {
    const home = await createProperty(db.em());
    const other = await createProperty(db.em());
    // In house now, arriving and leaving today, within the week, later in the month, and long ago.
    const inHouse = await insertStay(home.id, -2, 5, 'confirmed', 500);
    const arriving = await insertStay(other.id, 0, 2, 'pending', 200);
    const leaving = await insertStay(other.id, -3, 3, 'requested', 300);
    const week = await insertStay(home.id, 4, 6, 'pending', 600);
    await insertStay(home.id, 20, 3, 'cancelled', 900);
    await insertStay(other.id, -40, 2, 'declined', 250);
    await insertStay(other.id, -45, 4, 'confirmed', 400);
    const d = await getDashboard(db.em());
    expect(d.checkInsToday).toBe(1);
    expect(d.checkOutsToday).toBe(1);
    expect(d.inHouseNow).toBe(2);
    await expectExact();

    await db.sql(`update bookings set status = 'cancelled' where id = $1`, [arriving]);
    await db.sql(`update bookings set status = 'confirmed' where id = $1`, [leaving]);
    await db.sql(`update bookings set check_in = check_in + 1, check_out = check_out + 3 where id = $1`, [
      week,
    ]);
    await db.sql(`update bookings set total_price = 550 where id = $1`, [inHouse]);
    await db.sql(`update bookings set status = 'pending' where status = 'cancelled'`);
    await expectExact();

    // One statement over many stays: a bulk insert, then a bulk change.
    await db.sql(
      `insert into bookings (property_id, check_in, check_out, guests, total_price, status, nightly_price, nights,
                             tax_rate, tax_amount, confirmation_number)
       select $1, current_date + 40 + g * 3, current_date + 42 + g * 3, 2, 100 + g, 'confirmed', 50, 2, 17, 0, 'BIC79' || g
         from generate_series(1, 30) g`,
      [home.id],
    );
    await db.sql(
      `update bookings set status = 'declined' where confirmation_number like 'BIC79%' and total_price % 2 = 0`,
    );
    await expectExact();

    // An archived home's stays hold no night of the occupancy, yet stay in house and in revenue.
    await db.sql('update properties set archived_at = now() where id = $1', [home.id]);
    await expectExact();
    await db.sql('update properties set archived_at = null where id = $1', [home.id]);
    await db.sql('delete from bookings where id = $1', [inHouse]);
    await expectExact();

    await db.sql('truncate bookings cascade');
    const empty = await getDashboard(db.em());
    expect(empty.inHouseNow).toBe(0);
    expect(empty.occupancy.bookedNights).toBe(0);
    await insertStay(other.id, 0, 1, 'confirmed', 100);
    await expectExact();
  });
});
