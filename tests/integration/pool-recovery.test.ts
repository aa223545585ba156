import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ormConfig } from '../../mikro-orm.config.ts';
import {
  freePort,
  startEmbeddedPostgres,
  type TEmbeddedPostgres,
} from '../../src/server/db/embedded-postgres.ts';
import { poolStats } from '../../src/server/db/pool.ts';
import { onOneConnection, preparedRows } from '../../src/server/repositories/sql.ts';
import { tempDir } from '../support/tmp.ts';

/**
 * A PostgreSQL of its own, stopped and started again under load: every connection a failed connect,
 * query, BEGIN or COMMIT touched must go back to the pool (destroyed), so the pool is whole again once
 * the database is back.
 */
let dataDir: string;
let port: number;
let pgServer: TEmbeddedPostgres;
let orm: MikroORM;

beforeAll(async () => {
  dataDir = tempDir('pool-');
  port = await freePort();
  pgServer = await startEmbeddedPostgres({ dataDir, port, settings: { fsync: 'off' } });
  orm = await MikroORM.init(ormConfig(pgServer.url, { pool: { min: 0, max: 6, idleTimeoutMillis: 30_000 } }));
  await orm.em.getConnection().execute('create table if not exists t (id serial primary key, n int)');
}, 60_000);

afterAll(async () => {
  await orm?.close(true);
  await pgServer?.stop();
});

const em = () => orm.em.fork() as EntityManager;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One unit of each kind of work the server does, its failure swallowed (the database may be away). */
const kinds: ((n: number) => Promise<unknown>)[] = [
  // A transaction whose BEGIN, statements or COMMIT may meet the outage.
  (n) => em().transactional(async (tx) => tx.execute('insert into t (n) values (?)', [n])),
  // A transaction that sleeps in the middle, so the outage lands inside it.
  (n) =>
    em().transactional(async (tx) => {
      await tx.execute('insert into t (n) values (?)', [n]);
      await tx.execute('select pg_sleep(0.05)');
    }),
  // The booking's path: prepared statements on one held connection, no transaction.
  (n) =>
    onOneConnection(em(), async (run) => {
      await run('select ?::int as n', [n]);
      await run('insert into t (n) values (?)', [n]);
    }),
  (n) => preparedRows(em(), 'select ?::int as n', [n]),
];

async function load(until: () => boolean): Promise<void> {
  let n = 0;
  const worker = async () => {
    while (!until()) {
      const kind = kinds[n % kinds.length];
      n += 1;
      await kind?.(n).catch(() => undefined);
      await sleep(2);
    }
  };
  await Promise.all(Array.from({ length: 12 }, worker));
}

async function stats() {
  return poolStats(await orm.em.getConnection().getNativeClient());
}

describe('the pool after an outage', () => {
  it('heals once PostgreSQL is back: no connection leaked, every checkout answered', async () => {
    let stop = false;
    const running = load(() => stop);
    await sleep(300);
    await pgServer.stop();
    await sleep(1500);
    pgServer = await startEmbeddedPostgres({ dataDir, port, settings: { fsync: 'off' } });
    await sleep(500);
    stop = true;
    await running;

    // Every client is back: none held by work that ended.
    const after = await stats();
    expect(after.totalCount - after.idleCount).toBe(0);
    expect(after.waitingCount).toBe(0);
    // And the pool serves: every slot can be checked out at once and answers.
    const t0 = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        em().transactional(async (tx) =>
          tx.execute<{ n: number }[]>('select ?::int as n, pg_sleep(0.05)', [i]),
        ),
      ),
    );
    expect(answers.map((r) => r[0]?.n)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(Date.now() - t0).toBeLessThan(3000);
  }, 60_000);

  it('a transaction whose session is terminated before its COMMIT gives its connection back', async () => {
    const before = await stats();
    const admin = em();
    for (let i = 0; i < 3; i++) {
      const attempt = em().transactional(async (tx) => {
        const [me] = await tx.execute<{ pid: number }[]>('select pg_backend_pid() as pid');
        await tx.execute('insert into t (n) values (?)', [i]);
        // Another session ends this one: its COMMIT (and the ROLLBACK after it) cannot succeed.
        await admin.getConnection().execute('select pg_terminate_backend(?)', [me?.pid]);
      });
      await expect(attempt).rejects.toThrow();
    }
    const after = await stats();
    expect(after.totalCount - after.idleCount).toBe(0);
    expect(after.totalCount).toBeLessThanOrEqual(Math.max(before.totalCount, 1) + 1);
    // The booking's path: its session ends between its two statements.
    const booking = onOneConnection(em(), async (run) => {
      const [me] = await run<{ pid: number }>('select pg_backend_pid() as pid');
      await admin.getConnection().execute('select pg_terminate_backend(?)', [me?.pid]);
      await run('insert into t (n) values (?)', [1]);
    });
    await expect(booking).rejects.toThrow();
    const end = await stats();
    expect(end.totalCount - end.idleCount).toBe(0);
    expect(await preparedRows<{ n: number }>(em(), 'select ?::int as n', [7])).toEqual([{ n: 7 }]);
  });
});
