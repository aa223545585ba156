import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  startEmbeddedPostgres,
  type TEmbeddedPostgres,
} from '../../src/server/db/embedded-postgres.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { spawnServer, type TServerProcess } from '../support/process.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { tempDir } from '../support/tmp.ts';

/**
 * "Every email that was queued when the database went away is sent within 2 minutes of it coming back"
 * (docs/resilience.md#email-after-an-outage). Bookings are made in the second before PostgreSQL stops,
 * so the dispatch of their jobs after commit fails; after 10 s PostgreSQL starts again, and every
 * booking's emails must be written and accepted by a real SMTP server within 2 minutes, each once.
 * The server runs with the production job settings (dispatch window, polling, sweep), so this checks what
 * ships.
 */
const OUTAGE_MS = 10_000;
const DEADLINE_MS = 120_000;
const BOOKINGS = 12;

let dataDir: string;
let pgPort: number;
let db: TEmbeddedPostgres;
const sink = new SmtpSink();
let server: TServerProcess;
let propertyId: number;

const startPostgres = () => startEmbeddedPostgres({ dataDir, port: pgPort, settings: { fsync: 'off' } });

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  dataDir = tempDir('chaos-emails-');
  fs.chmodSync(dataDir, 0o755);
  pgPort = await freePort();
  db = await startPostgres();
  await sink.start();
  server = await spawnServer({
    DATABASE_URL: db.url,
    SMTP_URL: sink.url,
    MAIL_FROM: 'StayHub <bookings@stayhub.example>',
    RUN_JOBS: 'true',
    // The production dispatch window: the jobs of the last second's bookings are still waiting when
    // PostgreSQL goes away.
    JOB_DISPATCH_MS: '1000',
    LOG_LEVEL: 'warn',
  });
  const images = Array.from({ length: 5 }, (_, i) => `/media/${'d'.repeat(31)}${i}.jpg`);
  const [row] = await sql<{ id: number }>(
    `insert into properties (title, description, location, price, images, bedrooms, bathrooms, max_guests)
     values ('Outage cabin', 'Stays up.', 'Denver, Colorado', 12000, $1::text[], 2, 1, 4) returning id`,
    [images],
  );
  propertyId = row!.id;
}, 120_000);

afterAll(async () => {
  await server?.kill('SIGKILL');
  await sink.stop();
  await db?.stop();
});

describe('emails queued when PostgreSQL stops', () => {
  it('are all sent within 2 minutes of its return, each once', async () => {
    const booked = await Promise.all(
      Array.from({ length: BOOKINGS }, async (_, i) => {
        const checkIn = addDays(todayIso(), 5 + i * 2);
        const res = await fetch(`${server.url}/api/bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            propertyId,
            checkIn,
            checkOut: addDays(checkIn, 1),
            guests: 2,
            contactInfo: {
              name: 'Outage Guest',
              email: `outage${i}@example.com`,
              phone: '+1 555 0100',
              country: 'US',
            },
          }),
        });
        expect(res.status).toBe(200);
        return String(((await res.json()) as { confirmationNumber: string }).confirmationNumber);
      }),
    );
    // Within the dispatch window: no job of these bookings has reached the queue yet.
    await db.stop();
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    db = await startPostgres();
    const back = Date.now();

    const unsent = async () => {
      const [row] = await sql<{ due: number; queued: number; sent: number }>(
        `select (select count(*)::int from bookings where confirmation_number = any($1) and emails_token is not null) as due,
                (select count(*)::int from emails where status <> 'sent') as queued,
                (select count(*)::int from emails e join bookings b on b.id = e.booking_id
                  where b.confirmation_number = any($1) and e.status = 'sent') as sent`,
        [booked],
      );
      return row!;
    };
    let state = await unsent();
    while (
      Date.now() - back < DEADLINE_MS &&
      (state.due > 0 || state.queued > 0 || state.sent < 2 * BOOKINGS)
    ) {
      await new Promise((r) => setTimeout(r, 1_000));
      state = await unsent().catch(() => state);
    }
    const tookMs = Date.now() - back;
    // Each booking's two emails (the guest's confirmation and the operator's notice), nothing left over.
    expect({ ...state, withinDeadline: tookMs < DEADLINE_MS }).toEqual({
      due: 0,
      queued: 0,
      sent: 2 * BOOKINGS,
      withinDeadline: true,
    });
    console.info(`emails after the outage sent ${Math.round(tookMs / 1000)} s after PostgreSQL came back`);

    // The SMTP server has every sent email, each Message-ID once.
    const sentIds = (
      await sql<{ message_id: string }>(`select message_id from emails where status = 'sent'`)
    ).map((r) => r.message_id);
    const received = sink.received.map((m) => m.header('Message-ID'));
    expect(received.filter((id, i) => received.indexOf(id) !== i)).toEqual([]);
    expect(sentIds.filter((id) => !received.includes(id))).toEqual([]);
  }, 200_000);
});
