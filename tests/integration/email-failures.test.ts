import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dispatchJobs } from '../../src/server/jobs/queue.ts';
import { insertEmails } from '../../src/server/repositories/emails.ts';
import { EMAIL_ATTEMPTS, emailJobId } from '../../src/server/services/email/outbox.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { callerFor, seededAdmin } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';
import { api, startMailingTestServer, type TTestServer } from '../support/server.ts';
import { SmtpSink } from '../support/smtp-sink.ts';

/**
 * An email whose every attempt fails ends 'failed' with its error, in the admin's list, and Retry sends
 * it once (docs/features.md#emails: failure is visible). The app's own server and queue workers, a real SMTP server.
 */
const sink = new SmtpSink();
let srv: TTestServer;
let propertyId: number;
const admin = async () => callerFor(srv.db, await seededAdmin(srv.db)).caller;

beforeAll(async () => {
  await sink.start();
  srv = await startMailingTestServer(sink.url);
  propertyId = (await createProperty(srv.db.em(), { title: 'Cliff house', price: 100 })).id;
});
afterAll(async () => {
  await srv.close();
  await sink.stop();
});

describe('an email that fails on every attempt', () => {
  it('refused for good (550), is marked failed with its error after one attempt, shown to the admin, and Retry sends it once', async () => {
    // The SMTP server refuses the guest with a permanent reply: retrying would only delay the verdict.
    sink.refuse.set('refused@example.com', 'Mailbox unavailable');
    const checkIn = addDays(todayIso(), 30);
    const res = await api(srv.url, 'POST', '/api/bookings', {
      propertyId,
      checkIn,
      checkOut: addDays(checkIn, 2),
      guests: 2,
      contactInfo: {
        name: 'Rae Guest',
        email: 'refused@example.com',
        phone: '+1 555 0100',
        country: 'Spain',
      },
    });
    expect(res.status).toBe(200);
    const bic = (res.body as { confirmationNumber: string }).confirmationNumber;

    const guestEmail = async () => {
      const list = await (await admin()).admin.emails({ page: 1, pageSize: 50 });
      return list.items.find((e) => e.to === 'refused@example.com' && e.subject.includes(bic));
    };
    await vi.waitFor(
      async () => {
        const email = await guestEmail();
        expect(email?.status).toBe('failed');
        expect(email?.attempts).toBe(1);
        expect(email?.lastError).toMatch(/550 Mailbox unavailable/);
      },
      { timeout: 30_000, interval: 250 },
    );
    // Its job ended: no attempt follows.
    const [job] = await srv.db.sql<{ state: string; retry_count: number }>(
      `select state, retry_count from pgboss.job where name = 'email' and data->>'emailId' = $1`,
      [String((await guestEmail())!.id)],
    );
    expect(job).toEqual({ state: 'completed', retry_count: 0 });
    // The operator's email of the same booking went through, once.
    expect(sink.received.filter((m) => m.header('Subject').includes(bic))).toHaveLength(1);

    sink.refuse.clear();
    const failed = await guestEmail();
    const retried = await (await admin()).admin.retryEmail({ id: failed!.id });
    expect(retried.status).toBe('queued');
    await vi.waitFor(
      async () => {
        expect((await guestEmail())?.status).toBe('sent');
      },
      { timeout: 30_000, interval: 200 },
    );
    const toGuest = sink.received.filter((m) => m.to.includes('refused@example.com'));
    expect(toGuest).toHaveLength(1);
    expect(toGuest[0]?.header('Subject')).toContain(bic);
  }, 60_000);

  it('is marked failed even when no attempt could record anything (its job dead-lettered), and Retry sends it once', async () => {
    // Every attempt finds the row held by another transaction, so none records a thing: the queue's own
    // count of attempts runs out first. That job used to end failed in pg-boss with its email left queued.
    const [key] = await insertEmails(srv.db.em(), [
      {
        to: 'held@example.com',
        subject: 'Held email',
        template: 'test',
        text: 'Held.',
        source: {
          siteName: 'StayHub',
          logoUrl: '',
          heading: 'Held',
          preview: 'Held',
          blocks: [],
          action: null,
        },
        replyTo: null,
      },
    ]);
    const holder = new pg.Client({ connectionString: srv.db.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from emails where id = $1 for update', [key!.id]);
      const jobId = emailJobId(key!);
      expect(
        await dispatchJobs('email', [{ id: jobId, data: { emailId: key!.id } }], {
          retryLimit: EMAIL_ATTEMPTS - 1,
          retryDelay: 1,
          retryBackoff: true,
        }),
      ).toBe(1);
      await vi.waitFor(
        async () => {
          const [job] = await srv.db.sql<{ state: string; retry_count: number }>(
            `select state, retry_count from pgboss.job where name = 'email' and id = $1`,
            [jobId],
          );
          expect(job).toEqual({ state: 'failed', retry_count: EMAIL_ATTEMPTS - 1 });
        },
        { timeout: 90_000, interval: 250 },
      );
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    const held = async () =>
      (await (await admin()).admin.emails({ page: 1, pageSize: 50 })).items.find((e) => e.id === key!.id);
    await vi.waitFor(
      async () => {
        const email = await held();
        expect(email?.status).toBe('failed');
        expect(email?.lastError).toBe('the email is locked, retried later');
      },
      { timeout: 30_000, interval: 200 },
    );

    await (await admin()).admin.retryEmail({ id: key!.id });
    await vi.waitFor(
      async () => {
        expect((await held())?.status).toBe('sent');
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(sink.received.filter((m) => m.to.includes('held@example.com'))).toHaveLength(1);
  }, 150_000);
});
