import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findStayContext } from '../../src/server/repositories/bookings.ts';
import { onOneConnection, preparedRows } from '../../src/server/repositories/sql.ts';
import { createTestDatabase, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

let db: TTestDb;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const statementsOnConnection = `select count(*)::int as n from pg_prepared_statements where name like 'p\\_%'`;

describe('preparedRows (a named prepared statement on the pool)', () => {
  it('binds ? as $1…, leaves a ? inside a quoted literal alone, and prepares the statement', async () => {
    const sql = `select ?::int + ?::int as sum, 'why?' as quoted, ?::text as text`;
    for (let i = 0; i < 3; i++)
      expect(await preparedRows(db.em(), sql, [i, 2, `it's ${i}?`])).toEqual([
        { sum: i + 2, quoted: 'why?', text: `it's ${i}?` },
      ]);
    // A named statement exists on the connection that prepared it: this one asks about itself.
    const [seen] = await preparedRows<{ n: number }>(db.em(), `${statementsOnConnection} and ? = ?`, [1, 1]);
    expect(seen?.n).toBeGreaterThanOrEqual(1);
  });

  it("inside a transaction reads on the transaction's connection, seeing its uncommitted rows", async () => {
    const inside = db.em().transactional(async (tx) => {
      await tx.execute(`insert into categories (name, icon) values ('Uncommitted', 'x')`);
      const rows = await preparedRows<{ name: string }>(tx, 'select name from categories where name = ?', [
        'Uncommitted',
      ]);
      expect(rows).toEqual([{ name: 'Uncommitted' }]);
      throw new Error('roll back');
    });
    await expect(inside).rejects.toThrow('roll back');
    expect(
      await preparedRows(db.em(), 'select name from categories where name = ?', ['Uncommitted']),
    ).toEqual([]);
  });

  it('refuses a JS array, which the ORM would expand into a list', async () => {
    await expect(preparedRows(db.em(), 'select 1 where 1 = any(?)', [[1, 2]])).rejects.toThrow(/array/);
  });
});

describe("onOneConnection (a request's statements on one held connection, no transaction)", () => {
  it('runs every statement prepared, on one connection, each committed as it ends', async () => {
    const pids = await onOneConnection(db.em(), async (run) => {
      const [first] = await run<{ pid: number }>('select pg_backend_pid() as pid where ? = ?', [1, 1]);
      await run(`insert into categories (name, icon) values (?, 'x')`, ['Held connection']);
      // Another connection already sees the row: no transaction encloses the statements.
      const elsewhere = await db
        .em()
        .execute<{ pid: number }[]>(
          `select pg_backend_pid() as pid from categories where name = 'Held connection'`,
        );
      const [last] = await run<{ pid: number; prepared: number }>(
        `select pg_backend_pid() as pid, (${statementsOnConnection})::int as prepared where ? = ?`,
        [2, 2],
      );
      expect(last?.prepared).toBeGreaterThanOrEqual(3);
      return { first: first?.pid, last: last?.pid, elsewhere: elsewhere[0]?.pid };
    });
    expect(pids.first).toBe(pids.last);
    expect(pids.elsewhere).toBeDefined();
    expect(pids.elsewhere).not.toBe(pids.first);
  });

  it('hands back its connection when a statement fails, so failures never drain the pool', async () => {
    await db.em().execute(`insert into categories (name, icon) values ('Taken', 'x')`);
    // More failures than the pool has connections: each must be released.
    for (let i = 0; i < 30; i++) {
      const failed = onOneConnection(db.em(), (run) =>
        run(`insert into categories (name, icon) values (?, 'x')`, ['Taken']),
      );
      await expect(failed).rejects.toMatchObject({ code: '23505', constraint: 'categories_name_lower_idx' });
    }
    expect(await onOneConnection(db.em(), (run) => run<{ one: number }>('select 1 as one'))).toEqual([
      { one: 1 },
    ]);
  });

  it("inside a transaction runs on the transaction's connection, and rolls back with it", async () => {
    const inside = db.em().transactional(async (tx) => {
      await tx.execute(`insert into categories (name, icon) values ('In the transaction', 'x')`);
      const seen = await onOneConnection(tx, (run) =>
        run<{ name: string }>('select name from categories where name = ?', ['In the transaction']),
      );
      expect(seen).toEqual([{ name: 'In the transaction' }]);
      throw new Error('roll back');
    });
    await expect(inside).rejects.toThrow('roll back');
    expect(await db.em().execute(`select 1 from categories where name = 'In the transaction'`)).toEqual([]);
  });
});

describe("the booking's context read (findStayContext)", () => {
  it('settles on one generic plan per connection, so PostgreSQL stops planning it for every booking', async () => {
    const home = await createProperty(db.em());
    // As many bookings as a busy site has, so the planner weighs each number's lookup as it would there.
    await db.em().execute(
      `insert into bookings (property_id, check_in, check_out, guests, total_price, status, nightly_price, nights,
                             tax_rate, tax_amount, confirmation_number)
       select ?, date '2040-01-01' + 2 * g, date '2040-01-02' + 2 * g, 1, 100, 'cancelled', 100, 1, 0, 0, 'T' || g
         from generate_series(1, 20000) g`,
      [home.id],
    );
    await db.em().execute('analyze bookings');
    const plans = await onOneConnection(db.em(), async (run) => {
      // PostgreSQL plans a prepared statement for its values five times, then keeps a generic plan when
      // that is estimated no dearer than theirs.
      for (let day = 1; day <= 10; day++) {
        const stay = {
          propertyId: home.id,
          checkIn: `2031-03-${String(day).padStart(2, '0')}`,
          checkOut: '2031-03-20',
        };
        // T5 and T7 are taken (the bookings above): the free ones come back in the order given.
        const context = await findStayContext(run, stay, ['T5', 'BIC100001', 'T7', 'BIC100002']);
        expect(context?.freeNumbers).toEqual(['BIC100001', 'BIC100002']);
      }
      return run<{ generic: number; custom: number }>(
        `select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
          where statement like '%free_numbers%' and statement not like '%pg_prepared_statements%' and ? = ?`,
        [1, 1],
      );
    });
    expect(plans).toEqual([{ generic: 5, custom: 5 }]);
  });
});
