import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  startEmbeddedPostgres,
  type TEmbeddedPostgres,
} from '../../src/server/db/embedded-postgres.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { spawnServer, type TServerProcess } from '../support/process.ts';

/**
 * PostgreSQL stops and comes back while traffic flows. The server must never crash, must answer 503
 * (not hang) while the database is away, must serve again within 10 s of its return, and must not lose
 * any booking it acknowledged.
 */
let dataDir: string;
let pgPort: number;
let db: TEmbeddedPostgres;
let server: TServerProcess;
let propertyId: number;

const contact = { name: 'Resilient Guest', email: 'guest@example.com', phone: '+1 555 0100', country: 'US' };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stayhub-resilience-'));
  fs.chmodSync(dataDir, 0o755);
  pgPort = await freePort();
  db = await startEmbeddedPostgres({ dataDir, port: pgPort, settings: { fsync: 'off' } });
  server = await spawnServer({ DATABASE_URL: db.url });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const images = Array.from({ length: 5 }, (_, i) => `/media/${'b'.repeat(31)}${i}.jpg`);
  const row = await client.query(
    `insert into properties (title, description, location, price, images, bedrooms, bathrooms, max_guests)
     values ('Resilience cabin', 'Stays up.', 'Denver, Colorado', 120, $1::text[], 2, 1, 4) returning id`,
    [images],
  );
  propertyId = row.rows[0].id as number;
  await client.end();
}, 120_000);

afterAll(async () => {
  await server?.kill('SIGKILL');
  await db?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface TOutcome {
  status: number | 'timeout' | 'network';
  ms: number;
}

async function timed(
  url: string,
  init?: RequestInit,
): Promise<TOutcome & { body?: { confirmationNumber?: string } }> {
  const t0 = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(8000) });
    const body = (await res.json().catch(() => undefined)) as { confirmationNumber?: string } | undefined;
    return { status: res.status, ms: Date.now() - t0, body };
  } catch (err) {
    return { status: (err as Error).name === 'TimeoutError' ? 'timeout' : 'network', ms: Date.now() - t0 };
  }
}

describe('database outage', () => {
  it('answers 503 while PostgreSQL is away, recovers within 10 s, and loses no acknowledged booking', async () => {
    const acked: string[] = [];
    let night = 0;
    const book = async () => {
      const checkIn = addDays(todayIso(), 5 + night);
      night += 1;
      const r = await timed(`${server.url}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          propertyId,
          checkIn,
          checkOut: addDays(checkIn, 1),
          guests: 2,
          contactInfo: contact,
        }),
      });
      if (r.status === 200 && r.body?.confirmationNumber) acked.push(r.body.confirmationNumber);
      return r;
    };
    const read = () => timed(`${server.url}/api/properties/${propertyId}`);

    // Steady traffic before the outage.
    for (let i = 0; i < 20; i++) {
      expect((await read()).status).toBe(200);
      expect((await book()).status).toBe(200);
    }

    await db.stop();
    const during: TOutcome[] = [];
    for (let i = 0; i < 15; i++) during.push(await read(), await book());
    expect(during.every((o) => o.status === 503)).toBe(true);
    expect(Math.max(...during.map((o) => o.ms))).toBeLessThan(6000);
    expect(server.proc.exitCode).toBeNull();

    db = await startEmbeddedPostgres({ dataDir, port: pgPort, settings: { fsync: 'off' } });
    const back = Date.now();
    let recovered = false;
    while (Date.now() - back < 10_000) {
      if ((await read()).status === 200) {
        recovered = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(recovered).toBe(true);
    for (let i = 0; i < 10; i++) expect((await book()).status).toBe(200);
    expect(server.proc.exitCode).toBeNull();

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const stored = await client.query('select confirmation_number from bookings where property_id = $1', [
      propertyId,
    ]);
    await client.end();
    const storedSet = new Set(stored.rows.map((r: { confirmation_number: string }) => r.confirmation_number));
    expect(acked.length).toBe(30);
    expect(acked.filter((c) => !storedSet.has(c))).toEqual([]);
  }, 90_000);
});
