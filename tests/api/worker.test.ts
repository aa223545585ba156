import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { createTestDatabase, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';
import { spawnServer, spawnWorker, type TServerProcess, type TWorkerProcess } from '../support/process.ts';
import { api } from '../support/server.ts';
import { SmtpSink } from '../support/smtp-sink.ts';

/**
 * `npm run worker` (docs/features.md#emails): a web server with RUN_JOBS=false only queues emails; the worker, a process
 * of its own on the same database, renders and delivers them over real SMTP, and stops cleanly on SIGTERM.
 */
let db: TTestDb;
let server: TServerProcess;
let worker: TWorkerProcess;
const sink = new SmtpSink();

beforeAll(async () => {
  db = await createTestDatabase();
  await sink.start();
  server = await spawnServer({ DATABASE_URL: db.url, RUN_JOBS: 'false', LOG_LEVEL: 'silent' });
  worker = await spawnWorker({
    DATABASE_URL: db.url,
    SMTP_URL: sink.url,
    MAIL_FROM: 'StayHub <bookings@stayhub.example>',
    JOB_POLL_SECONDS: '0.5',
  });
}, 120_000);

afterAll(async () => {
  await worker?.kill();
  await server?.kill();
  await sink.stop();
  await db?.drop();
});

describe('npm run worker', () => {
  it('delivers the emails of a booking made on a server that runs no jobs', async () => {
    const home = await createProperty(db.em(), { title: 'Worker cottage', price: 100 });
    const checkIn = addDays(todayIso(), 20);
    const res = await api(server.url, 'POST', '/api/bookings', {
      propertyId: home.id,
      checkIn,
      checkOut: addDays(checkIn, 3),
      guests: 2,
      contactInfo: { name: 'Wes Guest', email: 'wes@example.com', phone: '+1 555 0142', country: 'Chile' },
    });
    expect(res.status).toBe(200);
    const bic = (res.body as { confirmationNumber: string }).confirmationNumber;

    await vi.waitFor(
      () => expect(sink.received.filter((m) => m.header('Subject').includes(bic))).toHaveLength(2),
      { timeout: 30_000, interval: 100 },
    );
    const mails = sink.received.filter((m) => m.header('Subject').includes(bic));
    expect(mails.map((m) => m.to).sort()).toEqual([['notifications@stayhub.example'], ['wes@example.com']]);
    for (const m of mails) {
      expect(m.header('From')).toBe('StayHub <bookings@stayhub.example>');
      // The worker rendered the HTML part (the server only composed the email).
      expect(m.raw).toMatch(/Content-Type: text\/html/i);
      expect(m.body).toContain('$351.00');
    }
    const rows = await db.sql<{ status: string; html: string | null }>(
      'select status, html from emails where booking_id = $1',
      [res.body.id],
    );
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(rows.every((r) => r.html?.includes(bic))).toBe(true);
  });

  it('exits cleanly on SIGTERM', async () => {
    expect(await worker.kill('SIGTERM')).toBe(0);
    expect(worker.stderr()).toContain('"worker shutting down"');
  });
});
