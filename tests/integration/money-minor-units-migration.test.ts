import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migration20261204060000_money_minor_units as MoneyMinorUnits } from '../../src/server/migrations/migration-20261204060000-money-minor-units.ts';
import { createTestDatabase, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

let db: TTestDb;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

/** The sums the bookings' triggers keep, which must follow the bookings' totals. */
async function derivedTotals() {
  const [row] = await db.sql<{ counter: string; days: string; arrivals: string }>(
    `select (select coalesce(sum(amount), 0) from admin_counters where name like 'bookings:%')::text as counter,
            (select coalesce(sum(revenue), 0) from booking_days)::text as days,
            (select coalesce(sum(total), 0) from booking_arrivals)::text as arrivals`,
  );
  return row;
}

describe('the minor-units migration', () => {
  it('converts every dollar amount of a dollar-era home and booking exactly into cents', async () => {
    const home = await createProperty(db.em());
    // The rows as the dollar era wrote them.
    await db.sql('update properties set price = 195 where id = $1', [home.id]);
    await db.sql(
      `insert into property_rates (property_id, kind, start_date, end_date, amount, created_at)
       values ($1, 'season', '2030-07-01', '2030-08-01', 240, now()),
              ($1, 'weekend', null, null, 215, now()),
              ($1, 'min_nights', null, null, 3, now())`,
      [home.id],
    );
    await db.sql(
      `insert into property_pricing (property_id, cleaning_fee, extra_guest_fee, extra_guests_above, pet_fee,
         last_minute_discount, last_minute_days, tourist_tax_per_person, created_at)
       values ($1, 60, 15, 2, 25, 15, 7, 3, now())`,
      [home.id],
    );
    const lines = [
      { kind: 'lastMinuteDiscount', label: 'Last-minute discount (15%)', amount: -88 },
      { kind: 'cleaningFee', label: 'Cleaning fee', amount: 60 },
      { kind: 'gst', label: 'GST (17%)', amount: 95 },
      { kind: 'touristTax', label: 'Tourist tax (2 guests × 3 nights)', amount: 18 },
    ];
    const before = await derivedTotals();
    const [booking] = await db.sql<{ id: number }>(
      `insert into bookings (property_id, check_in, check_out, guests, total_price, status, nightly_price, nights,
         tax_rate, tax_amount, night_prices, price_lines, cancellation_fee, confirmation_number, created_at)
       values ($1, '2030-06-01', '2030-06-04', 2, 670, 'cancelled', 195, 3, 17, 95, '{195,195,195}', $2::jsonb, 52,
               'MIGRATE00001', now())
       returning id`,
      [home.id, JSON.stringify(lines)],
    );
    const inserted = await derivedTotals();

    const em = db.em();
    await new MoneyMinorUnits(em.getDriver(), em.config).up();

    const [p] = await db.sql<{ price: number }>('select price from properties where id = $1', [home.id]);
    expect(p?.price).toBe(19500);
    const rates = await db.sql<{ kind: string; amount: number }>(
      'select kind, amount from property_rates where property_id = $1 order by kind',
      [home.id],
    );
    expect(rates).toEqual([
      { kind: 'min_nights', amount: 3 },
      { kind: 'season', amount: 24000 },
      { kind: 'weekend', amount: 21500 },
    ]);
    const [pricing] = await db.sql(
      `select cleaning_fee, extra_guest_fee, extra_guests_above, pet_fee, last_minute_discount, last_minute_days,
              tourist_tax_per_person from property_pricing where property_id = $1`,
      [home.id],
    );
    expect(pricing).toEqual({
      cleaning_fee: 6000,
      extra_guest_fee: 1500,
      extra_guests_above: 2,
      pet_fee: 2500,
      last_minute_discount: 15,
      last_minute_days: 7,
      tourist_tax_per_person: 300,
    });
    const [b] = await db.sql(
      `select total_price, nightly_price, tax_rate, tax_amount, night_prices, price_lines, cancellation_fee
         from bookings where id = $1`,
      [booking?.id],
    );
    expect(b).toEqual({
      total_price: 67000,
      nightly_price: 19500,
      tax_rate: 17,
      tax_amount: 9500,
      night_prices: [19500, 19500, 19500],
      price_lines: lines.map((l) => ({ ...l, amount: l.amount * 100 })),
      cancellation_fee: 5200,
    });
    // The counters, the day and arrival totals moved with the booking's total.
    const after = await derivedTotals();
    for (const key of ['counter', 'days', 'arrivals'] as const)
      expect(BigInt(after?.[key] ?? 0) - BigInt(before?.[key] ?? 0)).toBe(
        (BigInt(inserted?.[key] ?? 0) - BigInt(before?.[key] ?? 0)) * 100n,
      );
  });

  it('snapshots a new booking’s payment plan from its total in cents, no longer × 100', async () => {
    const home = await createProperty(db.em());
    const [booking] = await db.sql<{ id: number }>(
      `insert into bookings (property_id, check_in, check_out, guests, total_price, status, nightly_price, nights,
         tax_rate, tax_amount, confirmation_number, created_at)
       values ($1, '2031-06-01', '2031-06-02', 1, 22815, 'confirmed', 19500, 1, 17, 3315, 'MIGRATE00002', now())
       returning id`,
      [home.id],
    );
    const [plan] = await db.sql<{ total_amount: number }>(
      'select total_amount from payment_plans where booking_id = $1',
      [booking?.id],
    );
    expect(plan?.total_amount).toBe(22815);
  });
});
