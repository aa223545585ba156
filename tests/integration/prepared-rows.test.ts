import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedRows } from '../../src/server/repositories/sql.ts';
import { createTestDatabase, type TTestDb } from '../support/db.ts';

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
