/**
 * The email figures (docs/features.md#emails). Runs on its own embedded PostgreSQL, so `node bench/emails.ts` works alone;
 * bench/run.ts calls it too.
 *  - booking p95 with the outbox (Email Notifications on: the booking's own statement records that its
 *    emails are due, with their token; the booking-emails jobs are sent after the commit, grouped once
 *    per dispatch window (JOB_DISPATCH_MS, its production default), while the next bookings run; a
 *    send-only queue, as a web server with RUN_JOBS=false, so writing and sending the emails happen on a
 *    worker) against without (off), interleaved in rounds in the same sitting, so both see the same
 *    machine load. A round spans four dispatch windows, so its dispatches run beside its bookings as
 *    they would under steady traffic, and the last one settles before the next round. Target: within 10 %.
 *  - 1,000 queued emails drained by the queue's workers to a local SMTP sink (smtp-server): emails/second.
 *    The workers render each email's HTML (MJML) as they send it, so the rate includes the render.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { migrate, openDatabase } from '../src/server/db/database.ts';
import { readEnv } from '../src/server/env.ts';
import { dispatchesSettled } from '../src/server/jobs/queue.ts';
import { startJobRuntime } from '../src/server/jobs/runtime.ts';
import { seedDatabase } from '../src/server/seeders/seed.ts';
import { createBookingWithLink } from '../src/server/services/bookings/manage.ts';
import { queueComposed } from '../src/server/services/email/compose.ts';
import { paragraph } from '../src/server/services/email/render.ts';
import { addDays, todayIso } from '../src/shared/dates.ts';
import { SmtpSink } from '../tests/support/smtp-sink.ts';

export interface TEmailBenchContext {
  row: (figure: string, value: string, target?: string, ok?: boolean | null) => void;
  log: (msg: string) => void;
  results: Record<string, unknown>;
}

/** Rounds per mode; the first round of each is a warm-up. */
const ROUNDS = Number(process.env.BENCH_EMAIL_ROUNDS ?? 4);
/**
 * Each round books for this long: four windows of the production default, so three of its dispatches
 * run beside its bookings (the last one settles after it). A round shorter than a window would leave
 * every dispatch to the pause between rounds and hide its cost.
 */
const ROUND_MS = 4000;
/** Homes the bookings rotate over, so each finds free nights well inside the booking horizon. */
const HOMES = 40;
const DRAIN = Number(process.env.BENCH_EMAILS ?? 1000);

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))] ?? NaN;

export async function benchEmails(ctx: TEmailBenchContext): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stayhub-bench-mail-'));
  fs.chmodSync(dataDir, 0o755);
  const sink = new SmtpSink();
  await sink.start();
  const env = {
    // Development, not test: the production dispatch window (JOB_DISPATCH_MS, unless set to compare).
    ...readEnv({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JOB_DISPATCH_MS: process.env.JOB_DISPATCH_MS,
    }),
    smtpUrl: sink.url,
    jobPollSeconds: 0.5,
  };
  const db = await openDatabase(env);
  try {
    await migrate(db.orm, db.url);
    await seedDatabase(db, { ...env, demo: false });
    const em = () => db.orm.em.fork() as EntityManager;
    const homes = await em().execute<{ id: number }[]>(
      `insert into properties (title, description, location, price, images, bedrooms, bathrooms, max_guests)
       select 'Bench house ' || g, 'A home for the email bench.', 'Lisbon, Portugal', 120, '{/media/a.jpg}', 2, 1, 4
         from generate_series(1, ${HOMES}) g returning id`,
    );
    await em().execute('update settings set max_nights_default = 3650, advance_booking_days = 3650');

    // 1. Booking with and without the outbox: a send-only queue, as a web server with RUN_JOBS=false.
    ctx.log(`emails: ${ROUNDS} rounds each of ${ROUND_MS / 1000} s of bookings with and without the outbox`);
    const sendOnly = await startJobRuntime(db, { ...env, runJobs: false, sendJobs: true });
    const times = { with: [] as number[], without: [] as number[] };
    let n = 0;
    for (let round = 0; round < ROUNDS * 2; round++) {
      // ABBA order (with, without, without, with, …): neither mode always runs second, on more rows.
      const mode = (round % 2 === 0) !== (Math.floor(round / 2) % 2 === 1) ? 'with' : 'without';
      await em().execute('update settings set enable_email_notifications = ?', [mode === 'with']);
      const roundEnd = performance.now() + ROUND_MS;
      while (performance.now() < roundEnd) {
        const checkIn = addDays(todayIso(), 1 + 2 * Math.floor(n / HOMES));
        const home = homes[n++ % HOMES];
        if (!home) throw new Error('no bench home');
        const t0 = performance.now();
        await createBookingWithLink(
          em(),
          { sessionUser: null },
          {
            propertyId: home.id,
            checkIn,
            checkOut: addDays(checkIn, 2),
            guests: 2,
            contactInfo: {
              name: 'Bench Guest',
              email: 'bench@example.com',
              phone: '+1 555 0100',
              country: 'Portugal',
            },
          },
        );
        if (round >= 2) times[mode].push(performance.now() - t0);
      }
      await dispatchesSettled();
    }
    await sendOnly?.stop();
    const withP95 = quantile(times.with, 0.95);
    const withoutP95 = quantile(times.without, 0.95);
    const overhead = withP95 / withoutP95 - 1;
    const medians = { with: quantile(times.with, 0.5), without: quantile(times.without, 0.5) };
    ctx.row(
      `booking p95 without the outbox (service, emails off; ${times.without.length} bookings)`,
      `${withoutP95.toFixed(1)} ms (p50 ${medians.without.toFixed(2)} ms)`,
    );
    ctx.row(
      'booking p95 with the outbox (emails due recorded in the booking statement, job after it)',
      `${withP95.toFixed(1)} ms (${overhead >= 0 ? '+' : ''}${(overhead * 100).toFixed(1)} %; p50 ${medians.with.toFixed(2)} ms)`,
      '≤ +10 %',
      overhead <= 0.1,
    );

    // 2. Drain: 1,000 emails queued (outbox rows, their jobs sent after the commit; stop() waits for
    //    them), then the workers deliver them over SMTP.
    // Only the drained emails: the bookings' emails (their booking-emails jobs, never run) stay unwritten.
    await em().execute(`delete from emails`);
    await em().execute(`update bookings set emails_token = null`);
    await em().execute(`delete from pgboss.job where name in ('email', 'booking-emails')`);
    const queueOnly = await startJobRuntime(db, { ...env, runJobs: false, sendJobs: true });
    await em().transactional((tx) =>
      queueComposed(
        tx,
        { siteName: 'StayHub' },
        Array.from({ length: DRAIN }, (_, i) => ({
          to: `guest${i}@example.com`,
          subject: `Bench email ${i}`,
          template: 'bench',
          heading: 'Bench',
          blocks: [paragraph(`Email number ${i}.`)],
        })),
      ),
    );
    await queueOnly?.stop();
    const before = sink.received.length;
    ctx.log(`emails: draining ${DRAIN} queued emails to a local SMTP sink`);
    const t0 = performance.now();
    const workers = await startJobRuntime(db, { ...env, runJobs: true, sendJobs: true });
    for (;;) {
      const [left] = await em().execute<{ n: number }[]>(
        `select count(*)::int as n from emails where status <> 'sent'`,
      );
      if ((left?.n ?? 1) === 0) break;
      if (performance.now() - t0 > 600_000) throw new Error('the drain took over 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (performance.now() - t0) / 1000;
    await workers?.stop();
    const delivered = sink.received.length - before;
    const rate = DRAIN / seconds;
    ctx.row(
      `${DRAIN} queued emails drained to a local SMTP sink`,
      `${rate.toFixed(0)} emails/s (${seconds.toFixed(1)} s, ${delivered} received)`,
      'all, once each',
      delivered === DRAIN,
    );
    ctx.results.emails = {
      bookingP95WithOutboxMs: withP95,
      bookingP95WithoutOutboxMs: withoutP95,
      bookingP50Ms: medians,
      overhead,
      drained: DRAIN,
      delivered,
      drainSeconds: seconds,
      emailsPerSecond: rate,
    };
  } finally {
    await db.close();
    await sink.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows: string[] = [];
  const results: Record<string, unknown> = {};
  await benchEmails({
    row: (figure, value, target = '', ok = null) =>
      rows.push(`${figure} | ${value} | ${target} | ${ok === null ? '' : ok ? 'ok' : 'MISSED'}`),
    log: (msg) => console.error(`[bench] ${msg}`),
    results,
  });
  console.log(rows.join('\n'));
}
