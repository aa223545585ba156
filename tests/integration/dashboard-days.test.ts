import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { arrivalsProfile, countListedHomes } from '../../src/server/repositories/reports.ts';
import { revenueMonths } from '../../src/server/repositories/revenue.ts';
import { getDashboard } from '../../src/server/services/admin/dashboard.ts';
import { createTestDatabase, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

/**
 * The dashboard's figures for every home come from the holding stays by day (booking_days), which the
 * bookings' triggers keep (docs/features.md#dashboard-figures). The same figures for a list of every
 * home are counted from the bookings themselves, so the two must agree after any change. The reports'
 * arrivals and months over every home come from booking_arrivals, kept by the same triggers
 * (docs/staff.md#reports-queries): the table must equal the bookings grouped by check-in day, source,
 * status and length, with the lead-time buckets counted here by their own bounds and the revenue parts
 * summed, and the reports over every home must equal those counted from a list of every home's bookings.
 */

let db: TTestDb;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

let seq = 0;
/** A fee, the GST and a tourist tax, so each of the revenue parts has an amount. */
const LINES = JSON.stringify([
  { kind: 'cleaningFee', label: 'Cleaning fee', amount: 30 },
  { kind: 'gst', label: 'GST (17%)', amount: 17 },
  { kind: 'touristTax', label: 'Tourist tax', amount: 4 },
]);
/**
 * A stay of `nights` from today + `offset` days, booked `bookedDaysAgo` days ago (now by default); each
 * call runs on a connection (and shard) of its own.
 */
async function insertStay(
  propertyId: number,
  offset: number,
  nights: number,
  status: string,
  total: number,
  { source = 'website', bookedDaysAgo = 0 }: { source?: string; bookedDaysAgo?: number } = {},
): Promise<number> {
  seq += 1;
  const [row] = await db.sql<{ id: number }>(
    `insert into bookings (property_id, check_in, check_out, guests, total_price, status, nightly_price, nights,
                           tax_rate, tax_amount, confirmation_number, contact_info, source, created_at, price_lines)
     values ($1, current_date + $2::int, current_date + $2::int + $3::int, 2, $4, $5, 100, $3, 17, 17, $6,
             '{"name":"Day Guest","email":"day@example.com"}', $7, now() - make_interval(days => $8), $9) returning id`,
    [propertyId, offset, nights, total, status, `BIC${String(700000 + seq)}`, source, bookedDaysAgo, LINES],
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
  await expectArrivalsExact(ids);
}

/** The lead-time buckets' bounds as the reports state them, written out here rather than through SQL's. */
const LEAD = `case when lead <= 1 then '0-1' when lead <= 7 then '2-7' when lead <= 30 then '8-30'
                   when lead <= 90 then '31-90' else '91+' end`;

/**
 * booking_arrivals summed over its shards, against the bookings grouped the same way; and the reports'
 * arrivals and months over every home, against the same read from a list of every home's stays.
 */
async function expectArrivalsExact(ids: number[]): Promise<void> {
  const kept = await db.sql(
    `select day::text, source, status, nights, sum(stays)::int as stays, sum(total)::int as total,
            jsonb_build_object('0-1', sum(lead_0_1), '2-7', sum(lead_2_7), '8-30', sum(lead_8_30),
                               '31-90', sum(lead_31_90), '91+', sum(lead_91_up)) as lead,
            jsonb_build_object('room', sum(room), 'rem', sum(room_rem), 'fees', sum(fees), 'gst', sum(gst),
                               'tt', sum(tourist_tax), 'kept', sum(kept)) as parts
       from booking_arrivals group by day, source, status, nights
     having sum(stays) <> 0 or sum(total) <> 0 or sum(lead_0_1) <> 0 or sum(lead_2_7) <> 0
         or sum(lead_8_30) <> 0 or sum(lead_31_90) <> 0 or sum(lead_91_up) <> 0
         or sum(room) <> 0 or sum(room_rem) <> 0 or sum(fees) <> 0 or sum(gst) <> 0 or sum(tourist_tax) <> 0
         or sum(kept) <> 0
      order by day, source, status, nights`,
  );
  const counted = await db.sql(
    `with b as (select check_in, source, status, total_price, check_out - check_in as nights,
                       check_in - (created_at at time zone 'UTC')::date as lead,
                       room_minor, fees_minor, gst_minor, tourist_tax_minor, kept_minor from bookings)
     select check_in::text as day, source, status, nights, count(*)::int as stays, sum(total_price)::int as total,
            (select jsonb_object_agg(k, coalesce(c, 0)) from unnest(array['0-1', '2-7', '8-30', '31-90', '91+']) k
               left join (select ${LEAD} as bucket, count(*) as c from b x
                           where (x.check_in, x.source, x.status, x.nights) = (g.check_in, g.source, g.status, g.nights)
                           group by 1) c on c.bucket = k) as lead,
            jsonb_build_object('room', sum(room_minor), 'rem', sum(room_minor % nights), 'fees', sum(fees_minor),
                               'gst', sum(gst_minor), 'tt', sum(tourist_tax_minor), 'kept', sum(kept_minor)) as parts
       from b g group by check_in, source, status, nights order by check_in, source, status, nights`,
  );
  expect(kept).toEqual(counted);
  const range = { from: '2000-01-01', to: '2100-01-01' };
  expect(await arrivalsProfile(db.em(), { ...range, homes: null })).toEqual(
    await arrivalsProfile(db.em(), { ...range, homes: ids }),
  );
  // The listed homes over every home are the admin counter.
  expect(await countListedHomes(db.em(), { ...range, homes: null })).toBe(
    await countListedHomes(db.em(), { ...range, homes: ids }),
  );
  // The months and their pace, read now and as the books stood 20 days ago, over the last and next year.
  const year = { from: addDays(todayIso(), -365), to: addDays(todayIso(), 365) };
  for (const asOf of [new Date(), new Date(Date.now() - 20 * 86_400_000)]) {
    // In minor units, so equal to the cent.
    expect(await revenueMonths(db.em(), { ...year, homes: null }, asOf)).toEqual(
      await revenueMonths(db.em(), { ...year, homes: ids }, asOf),
    );
  }
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
    // Lead times on each side of every bucket's bounds (one booked after its check-in), lengths likewise,
    // from each source.
    const leads: [number, string][] = [
      [-3, 'phone'],
      [1, 'website'],
      [2, 'walk_in'],
      [7, 'owner'],
      [8, 'website'],
      [30, 'phone'],
      [31, 'website'],
      [90, 'website'],
      [91, 'owner'],
      [200, 'website'],
    ];
    const bounded: number[] = [];
    for (const [i, [lead, source]] of leads.entries()) {
      const nights = [1, 2, 3, 4, 6, 7, 13, 14, 30, 5][i] ?? 1;
      const status = ['pending', 'confirmed', 'requested', 'cancelled', 'declined'][i % 5] ?? 'pending';
      // Stays of the past, booked `lead` days before they began.
      const offset = -100 - 40 * i;
      bounded.push(
        await insertStay(i % 2 ? home.id : other.id, offset, nights, status, 100 * nights, {
          source,
          bookedDaysAgo: lead - offset,
        }),
      );
    }
    await db.sql(`update bookings set cancellation_fee = 117 where status = 'cancelled'`);
    const d = await getDashboard(db.em());
    expect(d.checkInsToday).toBe(1);
    expect(d.checkOutsToday).toBe(1);
    expect(d.inHouseNow).toBe(2);
    await expectExact();
    // Every lead-time bucket holds a stay, so each column of booking_arrivals is compared.
    const [buckets] = await db.sql<Record<string, number>>(
      `select sum(lead_0_1)::int a, sum(lead_2_7)::int b, sum(lead_8_30)::int c, sum(lead_31_90)::int d,
              sum(lead_91_up)::int e from booking_arrivals`,
    );
    for (const n of Object.values(buckets ?? {})) expect(n).toBeGreaterThan(0);

    await db.sql(`update bookings set status = 'cancelled' where id = $1`, [arriving]);
    await db.sql(`update bookings set status = 'confirmed' where id = $1`, [leaving]);
    await db.sql(`update bookings set check_in = check_in + 1, check_out = check_out + 3 where id = $1`, [
      week,
    ]);
    await db.sql(`update bookings set total_price = 550 where id = $1`, [inHouse]);
    await db.sql(`update bookings set status = 'pending' where status = 'cancelled'`);
    await expectExact();

    // What only the arrivals count: the source, when it was booked (its lead time), and its length within
    // one bucket; and a change of nothing they count.
    await db.sql(`update bookings set source = 'phone' where id = $1`, [bounded[1]]);
    await db.sql(`update bookings set created_at = created_at - interval '1 day' where id = any($1::int[])`, [
      bounded,
    ]);
    await db.sql(`update bookings set check_out = check_out + 1 where id = $1`, [bounded[3]]);
    await db.sql(`update bookings set guests = 3 where id = $1`, [bounded[4]]);
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
