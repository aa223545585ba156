import fs from 'node:fs';
import path from 'node:path';
import { TransactionPropagation } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDatabase } from '../../src/server/db/database.ts';
import type { TEnv } from '../../src/server/env.ts';
import { dispatchesSettled, QUEUES, setDispatchWindow } from '../../src/server/jobs/queue.ts';
import { startJobRuntime, type TJobRuntime } from '../../src/server/jobs/runtime.ts';
import { insertEmails } from '../../src/server/repositories/emails.ts';
import { createBookingWithLink } from '../../src/server/services/bookings/manage.ts';
import { queueComposed } from '../../src/server/services/email/compose.ts';
import { writeBookingReceivedEmails } from '../../src/server/services/email/guest-emails.ts';
import {
  bookingEmailsJobId,
  emailJobId,
  requeueStaleEmails,
} from '../../src/server/services/email/outbox.ts';
import { paragraph } from '../../src/server/services/email/render.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { createTestDatabase, testEnv, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

/**
 * The outbox's hand-over to the queue (docs/features.md#emails): the booking's transaction writes only the outbox rows,
 * their jobs go to pg-boss after the commit, and the every-minute sweep sends any job that never went.
 */
let db: TTestDb;
let env: TEnv;
let runtime: TJobRuntime | null = null;
const database = (): TDatabase => ({ orm: db.orm, url: db.url, embedded: undefined, close: async () => {} });

interface TKeyRow {
  id: number;
  createdMs: string;
}
const keysOf = (where: string, params: unknown[] = []) =>
  db.sql<TKeyRow>(
    `select id, (extract(epoch from created_at) * 1000)::bigint::text as "createdMs" from emails where ${where} order by id`,
    params,
  );
const bookingKeysOf = (where: string, params: unknown[] = []) =>
  db.sql<TKeyRow>(
    `select id, (extract(epoch from created_at) * 1000)::bigint::text as "createdMs" from bookings where ${where} order by id`,
    params,
  );
const bookingJobsFor = (bookingIds: number[]) =>
  db.sql<{ id: string; bookingId: number }>(
    `select id::text, (data->>'bookingId')::int as "bookingId" from pgboss.job
      where name = $1 and (data->>'bookingId')::int = any($2::int[]) order by 2`,
    [QUEUES.bookingEmails, bookingIds],
  );
const jobsFor = (emailIds: number[]) =>
  db.sql<{ id: string; emailId: number }>(
    `select id::text, (data->>'emailId')::int as "emailId" from pgboss.job
      where name = $1 and (data->>'emailId')::int = any($2::int[]) order by 2`,
    [QUEUES.email, emailIds],
  );

/**
 * Commits one more email in a transaction of its own and waits for its job. Dispatches go out in the
 * order they were asked for, so any job asked for before this one has gone by then: an event to wait
 * on instead of a pause, to show that something was never sent.
 */
async function dispatchedSoFar(): Promise<void> {
  const [markerId = 0] = await db
    .em()
    .transactional((tx) => queueComposed(tx, { siteName: 'StayHub' }, [note('marker@example.com')]), {
      propagation: TransactionPropagation.REQUIRES_NEW,
    });
  await vi.waitFor(async () => expect(await jobsFor([markerId])).toHaveLength(1));
}

/** A guest's two-night stay at a new home, `days` from today, booked as the booking form does. */
async function bookStay(title: string, days: number, name: string, email: string) {
  const home = await createProperty(db.em(), { title, price: 90 });
  const checkIn = addDays(todayIso(), days);
  return createBookingWithLink(
    db.em(),
    { sessionUser: null },
    {
      propertyId: home.id,
      checkIn,
      checkOut: addDays(checkIn, 2),
      guests: 2,
      contactInfo: { name, email, phone: '+1 555 0100', country: 'Spain' },
    },
  );
}

const note = (to: string) => ({
  to,
  subject: `Note for ${to}`,
  template: 'note',
  heading: 'A note',
  blocks: [paragraph('Hello.')],
});

beforeAll(async () => {
  db = await createTestDatabase();
  env = testEnv({ databaseUrl: db.url, jobPollSeconds: 0.5 });
  // A send-only queue first (a web server with RUN_JOBS=false): jobs stay in the queue to be inspected.
  runtime = await startJobRuntime(database(), { ...env, runJobs: false, sendJobs: true });
});
afterAll(async () => {
  await runtime?.stop();
  await db.drop();
});

describe('the outbox hands its emails to the queue', () => {
  it('records a booking’s emails in its row, sends its job after the commit, and the job writes them once', async () => {
    const booking = await bookStay('Quay cottage', 30, 'Ada Guest', 'ada@example.com');
    // The booking's statement wrote no email, only the token its emails need; its job follows the commit.
    expect(await keysOf('booking_id = $1', [booking.id])).toEqual([]);
    const [due] = await bookingKeysOf('id = $1 and emails_token = $2', [booking.id, booking.manageToken]);
    if (!due) throw new Error('the booking does not record its emails');
    await vi.waitFor(async () =>
      expect(await bookingJobsFor([booking.id])).toEqual([
        { id: bookingEmailsJobId(due), bookingId: booking.id },
      ]),
    );

    // The job's work: both emails written, the token cleared; run again (a retry, a second worker), nothing.
    expect(await writeBookingReceivedEmails(db.em(), booking.id)).toBe(2);
    expect(await writeBookingReceivedEmails(db.em(), booking.id)).toBe(0);
    expect(await bookingKeysOf('id = $1 and emails_token is null', [booking.id])).toHaveLength(1);
    const rows = await keysOf('booking_id = $1', [booking.id]);
    expect(rows).toHaveLength(2);
    await vi.waitFor(async () => {
      const jobs = await jobsFor(rows.map((r) => r.id));
      expect(jobs).toEqual(rows.map((r) => ({ id: emailJobId(r), emailId: r.id })));
    });
  });

  it('sends the jobs of a dispatch window together, once the window ends', async () => {
    await dispatchesSettled();
    setDispatchWindow(2_000);
    try {
      const opened = performance.now();
      const a = await bookStay('Window cottage', 40, 'Cy Guest', 'cy@example.com');
      const b = await bookStay('Window barn', 40, 'Di Guest', 'di@example.com');
      // Both committed, neither sent: they wait for the window, which the first one opened.
      expect(await bookingJobsFor([a.id, b.id])).toEqual([]);
      await dispatchesSettled();
      // The window opened after 'opened': a shorter one than set would have ended well before this.
      expect(performance.now() - opened).toBeGreaterThanOrEqual(1_950);
      expect((await bookingJobsFor([a.id, b.id])).map((j) => j.bookingId)).toEqual([a.id, b.id]);
    } finally {
      setDispatchWindow(env.jobDispatchMs);
    }
  });

  it('records no emails for a booking with Email Notifications off', async () => {
    await db.sql('update settings set enable_email_notifications = false');
    try {
      const booking = await bookStay('Quiet cottage', 30, 'Bo Guest', 'bo@example.com');
      await dispatchedSoFar();
      expect(await bookingKeysOf('id = $1 and emails_token is not null', [booking.id])).toEqual([]);
      expect(await bookingJobsFor([booking.id])).toEqual([]);
      expect(await writeBookingReceivedEmails(db.em(), booking.id)).toBe(0);
    } finally {
      await db.sql('update settings set enable_email_notifications = true');
    }
  });

  it('sends no job while the transaction is open, nor for one rolled back', async () => {
    let queuedId = 0;
    await db.em().transactional(async (tx) => {
      [queuedId = 0] = await queueComposed(tx, { siteName: 'StayHub' }, [note('open@example.com')]);
      // A dispatch asked for after this row's has happened; the job is not in this transaction either
      // (seen from inside it).
      await dispatchedSoFar();
      const inside = await tx.execute<{ n: number }[]>(
        `select count(*)::int as n from pgboss.job where name = ? and (data->>'emailId')::int = ?`,
        [QUEUES.email, queuedId],
      );
      expect(inside[0]?.n).toBe(0);
      expect(await jobsFor([queuedId])).toEqual([]);
    });
    await vi.waitFor(async () => expect(await jobsFor([queuedId])).toHaveLength(1));

    let rolledBackId = 0;
    await expect(
      db.em().transactional(async (tx) => {
        [rolledBackId = 0] = await queueComposed(tx, { siteName: 'StayHub' }, [note('gone@example.com')]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await dispatchedSoFar();
    expect(rolledBackId).toBeGreaterThan(queuedId);
    expect(await keysOf('id = $1', [rolledBackId])).toEqual([]);
    expect(await jobsFor([rolledBackId])).toEqual([]);
  });

  let sweptBookingId = 0;
  it('sweeps a booking whose emails’ job never went (a crash after the commit): one job, however often it runs', async () => {
    const booking = await bookStay('Harbour loft', 40, 'Cy Guest', 'cy@example.com');
    await vi.waitFor(async () => expect(await bookingJobsFor([booking.id])).toHaveLength(1));
    // As a process that stopped between the commit and the dispatch leaves it: the booking without its job.
    await db.sql(`delete from pgboss.job where name = $1 and (data->>'bookingId')::int = $2`, [
      QUEUES.bookingEmails,
      booking.id,
    ]);
    expect(await requeueStaleEmails(db.em())).toBe(0); // not a minute old yet
    await db.sql(`update bookings set created_at = created_at - interval '2 minutes' where id = $1`, [
      booking.id,
    ]);
    const [stale] = await bookingKeysOf('id = $1', [booking.id]);
    if (!stale) throw new Error('the booking is missing');
    expect(await requeueStaleEmails(db.em())).toBe(1);
    expect(await requeueStaleEmails(db.em())).toBe(0);
    expect(await bookingJobsFor([booking.id])).toEqual([
      { id: bookingEmailsJobId(stale), bookingId: booking.id },
    ]);
    sweptBookingId = booking.id;
  });

  it('sweeps an email whose job never went (a crash after the commit): one job, however often it runs', async () => {
    // The row alone, as a process that stopped between the commit and the dispatch leaves it.
    const [written] = await insertEmails(db.em(), [
      {
        to: 'swept@example.com',
        subject: 'Swept email',
        template: 'note',
        text: 'Swept email\n',
        source: {
          siteName: 'StayHub',
          logoUrl: 'http://localhost/email-logo.png',
          heading: 'Swept',
          preview: 'Swept',
          blocks: ['<mj-text>Swept email</mj-text>'],
          action: null,
        },
        replyTo: null,
      },
    ]);
    const id = written?.id ?? 0;
    expect(await requeueStaleEmails(db.em())).toBe(0); // not a minute old yet
    await db.sql(`update emails set created_at = created_at - interval '2 minutes' where id = $1`, [id]);
    const [stale] = await keysOf('id = $1', [id]);
    if (!stale) throw new Error('the row is missing');

    expect(await requeueStaleEmails(db.em())).toBe(1);
    // The next sweeps find its job there already.
    expect(await requeueStaleEmails(db.em())).toBe(0);
    expect(await jobsFor([id])).toEqual([{ id: emailJobId(stale), emailId: id }]);

    // The workers, with the sweep on the queue's schedule, deliver it once (local delivery: a .eml file).
    await runtime?.stop();
    runtime = await startJobRuntime(database(), { ...env, runJobs: true, sendJobs: true });
    const schedules = await runtime?.boss.getSchedules(QUEUES.emailSweep);
    expect(schedules?.map((s) => [s.name, s.cron])).toEqual([[QUEUES.emailSweep, '* * * * *']]);
    await vi.waitFor(
      async () => {
        const [row] = await db.sql<{ status: string; attempts: number }>(
          'select status, attempts from emails where id = $1',
          [id],
        );
        expect(row).toEqual({ status: 'delivered_locally', attempts: 1 });
      },
      { timeout: 20_000, interval: 200 },
    );
    // The swept booking's job too: its two emails written and delivered.
    await vi.waitFor(
      async () => {
        const rows = await db.sql<{ status: string }>('select status from emails where booking_id = $1', [
          sweptBookingId,
        ]);
        expect(rows).toEqual([{ status: 'delivered_locally' }, { status: 'delivered_locally' }]);
      },
      { timeout: 20_000, interval: 200 },
    );
    const mailDir = path.join(env.dataDir, 'mail');
    const files = fs.readdirSync(mailDir).map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8'));
    expect(files.filter((raw) => raw.includes('Subject: Swept email'))).toHaveLength(1);
  }, 60_000);
});
