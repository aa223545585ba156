import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TTestServer } from '../support/server.ts';

/**
 * /healthz fails when the instance cannot serve (a wedged pool, a stuck event loop), and neither it nor
 * /readyz tells a caller outside loopback (without METRICS_TOKEN) why. The server runs in this process,
 * so the test can hold its pool's clients and block its event loop.
 */
let server: TTestServer;
let pool: pg.Pool;
const remote = { 'x-forwarded-for': '203.0.113.9' };
const METRICS_TOKEN = 'health-test-token-0123456789';

beforeAll(async () => {
  process.env.DB_POOL_MAX = '3';
  process.env.HEALTH_POOL_STALL_MS = '1000';
  server = await startTestServer({ metricsToken: METRICS_TOKEN });
  pool = await server.server.db.orm.em.getConnection().getNativeClient();
});

afterAll(async () => {
  await server?.close();
  delete process.env.DB_POOL_MAX;
  delete process.env.HEALTH_POOL_STALL_MS;
});

/** A statement on the server's `postgres` database (the test's own may refuse sessions). */
async function adminSql(text: string, params: unknown[] = []): Promise<void> {
  const url = new URL(server.db.url);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(text, params);
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(path: string, status: number, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  let last = 0;
  while (Date.now() < deadline) {
    last = (await api(server.url, 'GET', path)).status;
    if (last === status) return last;
    await sleep(200);
  }
  return last;
}

describe('/healthz and /readyz', () => {
  it('fail while every pooled client is held and none comes back, and pass again once they do', async () => {
    expect((await api(server.url, 'GET', '/healthz')).status).toBe(200);
    // Every client checked out and kept, as a leak would keep them; a request waits behind them.
    const held = await Promise.all(Array.from({ length: 3 }, () => pool.connect()));
    const waiting = api(server.url, 'GET', '/api/categories');
    await sleep(1300);

    const inside = await api(server.url, 'GET', '/healthz');
    expect(inside.status).toBe(503);
    expect(inside.body).toMatchObject({ status: 'unhealthy', failing: ['database pool'] });
    expect(inside.body.pool).toMatchObject({ totalCount: 3, idleCount: 0 });
    const outside = await api(server.url, 'GET', '/healthz', undefined, remote);
    expect(outside.status).toBe(503);
    expect(outside.body).toEqual({ status: 'unhealthy' });
    const ready = await api(server.url, 'GET', '/readyz', undefined, remote);
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'unavailable' });

    for (const client of held) client.release();
    expect((await waiting).status).toBe(200);
    expect(await waitFor('/healthz', 200, 3000)).toBe(200);
    expect((await api(server.url, 'GET', '/readyz')).status).toBe(200);
  });

  it('fail after the event loop was blocked, and pass again once it runs freely', async () => {
    const end = Date.now() + 2500;
    while (Date.now() < end) {
      // A synchronous loop: nothing else in this process runs meanwhile, the server included.
    }
    const res = await api(server.url, 'GET', '/healthz');
    expect(res.status).toBe(503);
    expect(res.body.failing).toEqual(['event loop']);
    expect(res.body.eventLoopDelayMs).toBeGreaterThanOrEqual(2000);
    expect(await waitFor('/healthz', 200, 12_000)).toBe(200);
  }, 30_000);

  it("/readyz gives the database's error to loopback and METRICS_TOKEN callers only", async () => {
    const name = server.db.name;
    // The database refuses new sessions; the pool's open ones are ended, so /readyz must open one.
    await adminSql(`alter database ${name} with allow_connections false`);
    await adminSql(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [name]);
    try {
      await sleep(100);
      const outside = await api(server.url, 'GET', '/readyz', undefined, remote);
      expect(outside.status).toBe(503);
      expect(outside.body).toEqual({ status: 'unavailable' });
      expect(JSON.stringify(outside.body)).not.toContain(name);

      const inside = await api(server.url, 'GET', '/readyz');
      expect(inside.status).toBe(503);
      expect(inside.body).toMatchObject({ status: 'unavailable', database: 'unreachable' });
      expect(inside.body.error).toMatch(/not currently accepting connections/);
      const withToken = await api(server.url, 'GET', '/readyz', undefined, {
        ...remote,
        authorization: `Bearer ${METRICS_TOKEN}`,
      });
      expect(withToken.body.error).toMatch(/not currently accepting connections/);
      // A database that is away is not the instance's fault: liveness holds.
      expect((await api(server.url, 'GET', '/healthz', undefined, remote)).status).toBe(200);
    } finally {
      await adminSql(`alter database ${name} with allow_connections true`);
    }
    expect(await waitFor('/readyz', 200, 5000)).toBe(200);
  });
});
