import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONCURRENT_CHANGE, toAppError } from '../../src/server/errors.ts';
import { onOneConnection } from '../../src/server/repositories/sql.ts';
import { createTestDatabase, type TTestDb } from '../support/db.ts';

/**
 * A statement that loses a deadlock is run again where that is safe (onOneConnection, the booking's
 * path), and a lost race that reaches a caller is a 409, never a 500. The deadlocks are real: two
 * sessions take two locks in opposite order.
 */
let db: TTestDb;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

/**
 * Another session that takes advisory lock `second`, waits until someone waits for it, then asks for
 * `first` (which that someone holds): a lock cycle, which PostgreSQL breaks by failing the side whose
 * deadlock check runs first. It commits once it has both.
 *
 * The wait and the ask run inside the database, with no round trip between them, so the cycle closes
 * well within the other side's deadlock_timeout (1 s). This session's own timeout is longer, so the
 * check, and the failure, always fall to the other side, however slow the machine.
 */
async function rival(first: number, second: number): Promise<{ done: Promise<void> }> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await client.query('begin');
  await client.query(`set local deadlock_timeout = '30s'`);
  await client.query('select pg_advisory_xact_lock($1)', [second]);
  const done = (async () => {
    try {
      await client.query(
        `do $$ begin
           while not exists (select from pg_locks
                              where locktype = 'advisory' and not granted and objid = ${Number(second)}) loop
             perform pg_sleep(0.005);
           end loop;
           perform pg_advisory_xact_lock(${Number(first)});
         end $$`,
      );
      await client.query('commit');
    } finally {
      await client.end();
    }
  })();
  return { done };
}

describe('lost races', () => {
  it('onOneConnection runs its work again when a statement loses a deadlock, and succeeds', async () => {
    const { done } = await rival(101, 102);
    let attempts = 0;
    const result = await onOneConnection(db.em(), async (run) => {
      attempts += 1;
      // One statement that takes 101, then waits for 102: the rival holds 102 and wants 101.
      await run('select pg_advisory_xact_lock(?::bigint), pg_advisory_xact_lock(?::bigint)', [101, 102]);
      return run<{ ok: boolean }>('select true as ok');
    });
    await done;
    expect(result).toEqual([{ ok: true }]);
    expect(attempts).toBe(2);
  });

  it('a deadlock that reaches a caller answers 409 with a clear message, not 500', async () => {
    const { done } = await rival(201, 202);
    const lost = db
      .em()
      .transactional(async (tx) => {
        await tx.execute('select pg_advisory_xact_lock(201)');
        await tx.execute('select pg_advisory_xact_lock(202)');
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    const err = await lost;
    await done;
    expect((err as { code?: string }).code).toBe('40P01');
    const answer = toAppError(err);
    expect(answer?.code).toBe('CONFLICT');
    expect(answer?.message).toBe(CONCURRENT_CHANGE);
    expect(answer?.headers).toEqual({ 'Retry-After': '1' });
  });
});
