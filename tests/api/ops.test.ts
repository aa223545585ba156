import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  startEmbeddedPostgres,
  type TEmbeddedPostgres,
} from '../../src/server/db/embedded-postgres.ts';
import { spawnServer, type TServerProcess } from '../support/process.ts';

/** /healthz, /readyz and /metrics on the real server process (docs/features.md#operations). */
let dataDir: string;
let pgPort: number;
let db: TEmbeddedPostgres;
let server: TServerProcess;
const METRICS_TOKEN = 'metrics-test-token-0123456789';

/** This machine's first non-loopback IPv4 address, when it has one. */
function externalAddress(): string | undefined {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return undefined;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stayhub-ops-'));
  fs.chmodSync(dataDir, 0o755);
  pgPort = await freePort();
  db = await startEmbeddedPostgres({ dataDir, port: pgPort, settings: { fsync: 'off' } });
  server = await spawnServer({ DATABASE_URL: db.url, HOST: '0.0.0.0', METRICS_TOKEN });
}, 120_000);

afterAll(async () => {
  await server?.kill('SIGKILL');
  await db?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('health, readiness and metrics', () => {
  it('/healthz answers JSON while the process lives', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('/metrics serves loopback callers with request durations by route and status, and pool use', async () => {
    await fetch(`${server.url}/api/properties/999999`);
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/properties\/\{id\}",status="404"\} 1/,
    );
    expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
    expect(text).toContain('emails_sent_total');
    expect(text).toContain('queue_depth');
  });

  it('/metrics refuses a remote caller unless it sends METRICS_TOKEN', async () => {
    // Behind a proxy on this host, the forwarded caller is remote.
    const proxied = await fetch(`${server.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(403);
    const withToken = await fetch(`${server.url}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(withToken.status).toBe(200);
    const wrongToken = await fetch(`${server.url}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer nope' },
    });
    expect(wrongToken.status).toBe(403);
    const address = externalAddress();
    if (address) {
      // A direct connection over a real network interface.
      const remote = `http://${address}:${server.port}`;
      expect((await fetch(`${remote}/metrics`)).status).toBe(403);
      const ok = await fetch(`${remote}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(ok.status).toBe(200);
      expect((await fetch(`${remote}/healthz`)).status).toBe(200);
    }
  });

  it('/readyz is ready with every migration applied, 503 while the database is down, ready again after', async () => {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', database: 'ok' });

    await db.stop();
    const down = await fetch(`${server.url}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
    // Liveness does not depend on the database: restarting the process would not help.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    db = await startEmbeddedPostgres({ dataDir, port: pgPort, settings: { fsync: 'off' } });
    const deadline = Date.now() + 15_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await fetch(`${server.url}/readyz`)).status;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
  }, 60_000);
});
