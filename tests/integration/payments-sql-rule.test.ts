import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/repositories/db.ts';
import { paymentTotals } from '../../src/server/repositories/payments.ts';
import { totalsOf } from '../../src/server/services/payments/ledger.ts';
import { createTestDatabase, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

/**
 * The Payments page filters and pages in SQL by what is owed; that SQL must be the money-facts rule and
 * nothing else. Generated rows (live and closed bookings, fees, credits, extra charges, over- and
 * under-payment) are evaluated by PostgreSQL and by the module, and must agree on every one.
 */

let tdb: TTestDb;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.drop());

/** `count` confirmed two-night stays at a home, ten days apart from `fromDay` days ahead, each costing `total` cents. */
async function insertStays(
  homeId: number,
  o: { count: number; fromDay: number; total: number; numbers: number; name: string },
) {
  const rows = await tdb.sql<{ id: number }>(
    `insert into bookings (property_id, check_in, check_out, guests, total_price, status, nightly_price, nights,
                           tax_rate, tax_amount, confirmation_number, contact_info)
     select $1, current_date + $2::int + g * 10, current_date + $2::int + 2 + g * 10, 2, $3::int, 'confirmed',
            $3::int / 2, 2, 0, 0, 'BIC' || ($4::int + g), jsonb_build_object('name', $5::text, 'email', 'guest@example.com')
       from generate_series(1, $6::int) g returning id`,
    [homeId, o.fromDay, o.total, o.numbers, o.name, o.count],
  );
  return rows.map((r) => r.id);
}

const rowArb = fc.record({
  status: fc.constantFrom('confirmed', 'pending', 'cancelled', 'declined'),
  fee: fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: null }),
  total: fc.integer({ min: 0, max: 500_000 }),
  adjusted: fc.integer({ min: -600_000, max: 100_000 }),
  net: fc.integer({ min: 0, max: 700_000 }),
});

describe("each payment plan's owed columns", () => {
  it('owe what the money-facts module owes, row for row', async () => {
    // The plan's generated columns, evaluated by PostgreSQL over rows shaped like the plan's own.
    await tdb.sql(`create table owed_probe (like payment_plans including defaults including generated)`);
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { minLength: 1, maxLength: 200 }), async (rows) => {
        await tdb.sql(`truncate owed_probe`);
        const values = sql.join(
          rows.map(
            (r, i) =>
              sql`(${i}::int, ${r.status}::text, ${r.fee}::int, ${r.total}::int, ${r.adjusted}::int, ${r.net}::int)`,
          ),
        );
        await sql`insert into owed_probe (booking_id, booking_status, cancellation_fee, total_amount, adjusted, net,
                                          currency, deposit_amount, deposit_percent, balance_amount, methods,
                                          bank_instructions, deadline_action, property_id, check_in)
          select i, s, f, t, a, n, 'USD', 0, 0, t, '{}', '', 'flag', 1, current_date
            from (values ${values}) as v(i, s, f, t, a, n)`.execute(db(tdb.em()));
        const got = await sql<{ i: number; balance_due: number; refund_due: number }>`
          select booking_id as i, balance_owed as balance_due, refund_owed as refund_due
            from owed_probe order by booking_id`.execute(db(tdb.em()));
        rows.forEach((r, i) => {
          const t = totalsOf(
            { status: r.status, cancellation_fee: r.fee, total_amount: r.total, deposit_amount: 0 },
            [
              { kind: 'payment', amount: r.net },
              { kind: 'adjustment', amount: r.adjusted },
            ],
          );
          expect(got.rows[i]).toEqual({ i, balance_due: t.balanceDue, refund_due: t.refundDue });
        });
      }),
      { numRuns: 20 },
    );
  });
});

describe("the payments page's totals", () => {
  it('add up past 2^31 minor units ($21.4 million) without overflowing', async () => {
    const em = tdb.em();
    const home = await createProperty(em, { title: 'Totals home' });
    await em.flush();
    // Sixty stays of $400,000 each, paid in full: each line fits an int, their sum ($24 million) does not.
    await insertStays(home.id, {
      count: 60,
      fromDay: 500,
      total: 40000000,
      numbers: 900000,
      name: 'Big Spender',
    });
    await tdb.sql(
      `insert into ledger_lines (booking_id, kind, method, amount, currency, occurred_at, recorded_by_name)
       select id, 'payment', 'bank_transfer', 40000000, 'USD', now(), 'Test' from bookings where property_id = $1`,
      [home.id],
    );
    // One refunded in full: $400,000 back, and owed again.
    await tdb.sql(
      `insert into ledger_lines (booking_id, kind, method, amount, currency, occurred_at, recorded_by_name)
       select min(id), 'refund', 'bank_transfer', 40000000, 'USD', now(), 'Test' from bookings where property_id = $1`,
      [home.id],
    );
    const totals = await paymentTotals(tdb.em(), {});
    expect(totals).toEqual({ received: 2_400_000_000, refunded: 40_000_000, outstanding: 40_000_000 });
  });
});

describe("each payment plan's ledger sums", () => {
  /** Plans whose kept sums differ from their ledger's lines summed now. */
  const drifted = () =>
    tdb.sql<{ booking_id: number }>(
      `select pp.booking_id from payment_plans pp
         left join (select booking_id,
                           sum(case kind when 'payment' then amount when 'refund' then -amount else 0 end)::int as net,
                           sum(amount) filter (where kind = 'adjustment')::int as adjusted
                      from ledger_lines group by booking_id) s on s.booking_id = pp.booking_id
        where pp.net <> coalesce(s.net, 0) or pp.adjusted <> coalesce(s.adjusted, 0)`,
    );

  it('follow every line added, changed and removed, and a plan made again after its lines', async () => {
    const em = tdb.em();
    const home = await createProperty(em, { title: 'Ledger sums home' });
    await em.flush();
    const made = await insertStays(home.id, {
      count: 3,
      fromDay: 800,
      total: 50000,
      numbers: 950000,
      name: 'Sums Guest',
    });
    const [a, b, c] = made;
    const line = (booking: number | undefined, kind: string, amount: number) =>
      tdb.sql<{ id: number }>(
        `insert into ledger_lines (booking_id, kind, method, amount, currency, occurred_at, recorded_by_name)
         values ($1, $2, 'cash', $3, 'USD', now(), 'Test') returning id`,
        [booking, kind, amount],
      );
    await line(a, 'payment', 20000);
    await line(a, 'refund', 5000);
    const [credit] = await line(a, 'adjustment', -3000);
    await line(b, 'payment', 50000);
    const [dropped] = await line(b, 'payment', 700);
    await line(c, 'adjustment', 1500);
    await tdb.sql(`update ledger_lines set amount = -4000 where id = $1`, [credit?.id]);
    await tdb.sql(`update ledger_lines set booking_id = $1 where id = $2`, [c, dropped?.id]);
    await tdb.sql(`delete from ledger_lines where booking_id = $1 and kind = 'refund'`, [a]);
    // B's plan made again after its lines: it starts from them.
    await tdb.sql(`delete from payment_plans where booking_id = $1`, [b]);
    await tdb.sql(`select payment_plan_snapshot(bk, bk.created_at) from bookings bk where bk.id = $1`, [b]);
    const sums = await tdb.sql<{ booking_id: number; net: number; adjusted: number }>(
      `select booking_id, net, adjusted from payment_plans where booking_id = any($1) order by booking_id`,
      [[a, b, c]],
    );
    expect(sums).toEqual([
      { booking_id: a, net: 20000, adjusted: -4000 },
      { booking_id: b, net: 50000, adjusted: 0 },
      { booking_id: c, net: 700, adjusted: 1500 },
    ]);
    expect(await drifted()).toEqual([]);
  });
});

describe("each payment plan's booking facts", () => {
  it("follow the booking's status, fee, arrival and home, and a plan made again", async () => {
    const em = tdb.em();
    const home = await createProperty(em, { title: 'Plan facts home' });
    const other = await createProperty(em, { title: 'Plan facts other home' });
    await em.flush();
    const made = await insertStays(home.id, {
      count: 2,
      fromDay: 900,
      total: 50000,
      numbers: 960000,
      name: 'Facts Guest',
    });
    const [a, b] = made;
    await tdb.sql(
      `insert into ledger_lines (booking_id, kind, method, amount, currency, occurred_at, recorded_by_name)
       values ($1, 'payment', 'cash', 20000, 'USD', now(), 'Test')`,
      [a],
    );
    const owed = () =>
      tdb.sql<{ booking_id: number; balance_owed: number; refund_owed: number }>(
        `select booking_id, balance_owed, refund_owed from payment_plans where booking_id = any($1) order by booking_id`,
        [[a, b]],
      );
    expect(await owed()).toEqual([
      { booking_id: a, balance_owed: 30000, refund_owed: 0 },
      { booking_id: b, balance_owed: 50000, refund_owed: 0 },
    ]);
    // Cancelled with a $50 fee: A holds $200 and keeps $50, so $150 is owed back.
    await tdb.sql(`update bookings set status = 'cancelled', cancellation_fee = 5000 where id = $1`, [a]);
    await tdb.sql(
      `update bookings set property_id = $1, check_in = check_in + 3, check_out = check_out + 3 where id = $2`,
      [other.id, b],
    );
    expect(await owed()).toEqual([
      { booking_id: a, balance_owed: 0, refund_owed: 15000 },
      { booking_id: b, balance_owed: 50000, refund_owed: 0 },
    ]);
    await tdb.sql(`delete from payment_plans where booking_id = $1`, [b]);
    await tdb.sql(`select payment_plan_snapshot(bk, bk.created_at) from bookings bk where bk.id = $1`, [b]);
    const drifted = await tdb.sql<{ booking_id: number }>(
      `select pp.booking_id from payment_plans pp join bookings bk on bk.id = pp.booking_id
        where (pp.property_id, pp.booking_status, pp.cancellation_fee, pp.check_in)
              is distinct from (bk.property_id, bk.status, bk.cancellation_fee, bk.check_in)`,
    );
    expect(drifted).toEqual([]);
  });
});
