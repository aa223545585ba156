import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertEmails, UNCERTAIN_DELIVERY, claimQueuedEmail } from '../../src/server/repositories/emails.ts';
import {
  deliverEmail,
  EMAIL_ATTEMPTS,
  requeueFailedEmail,
  requeueStaleEmails,
} from '../../src/server/services/email/outbox.ts';
import { createMailTransport, type TMailTransport } from '../../src/server/services/email/transport.ts';
import { createTestDatabase, type TTestDb } from '../support/db.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { tempDir } from '../support/tmp.ts';

/**
 * One outbox row, one message at the SMTP server, whatever breaks around the send: the database
 * connection lost between the server's 250 and the record of it, a worker gone after its send, a
 * permanent refusal. Counted by Message-ID at a real SMTP server (smtp-server); deliverEmail is called
 * as the queue calls it, again after each failure, as its retries would.
 */
const sink = new SmtpSink();
let db: TTestDb;
let transport: TMailTransport;
const FROM = 'StayHub <bookings@stayhub.example>';

beforeAll(async () => {
  await sink.start();
  db = await createTestDatabase();
  transport = createMailTransport({ smtpUrl: sink.url, mailDir: tempDir('mail-') });
});
afterAll(async () => {
  transport.close();
  await db.drop();
  await sink.stop();
});
beforeEach(() => {
  sink.beforeAccept = null;
  sink.refuse.clear();
  sink.putOff.clear();
});

async function newEmail(to: string): Promise<number> {
  const [key] = await insertEmails(db.em(), [
    {
      to,
      subject: `Hello ${to}`,
      template: 'test',
      text: 'Hello.',
      source: {
        siteName: 'StayHub',
        logoUrl: '',
        heading: 'Hello',
        preview: 'Hello',
        blocks: [],
        action: null,
      },
      replyTo: null,
    },
  ]);
  return key!.id;
}

interface TRow {
  status: string;
  attempts: number;
  last_error: string | null;
  message_id: string | null;
}
async function row(id: number): Promise<TRow> {
  const [r] = await db.sql<TRow>(
    'select status, attempts, last_error, message_id from emails where id = $1',
    [id],
  );
  return r!;
}

/** Runs the email's job as the queue would: again after each failure, up to its attempts. */
async function runJob(id: number): Promise<void> {
  for (let i = 0; i < EMAIL_ATTEMPTS; i++) {
    try {
      await deliverEmail(db.em(), transport, FROM, id);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

const receivedBy = (to: string) => sink.received.filter((m) => m.to.includes(to));

/** Ends every session of the test database but the caller's own (the app's pool loses them all). */
async function dropAppSessions(): Promise<void> {
  const url = new URL(db.url);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [db.name]);
  } finally {
    await admin.end();
  }
}

describe('email delivery is exactly once', () => {
  it('the database connections die after the SMTP server took the message: sent once, recorded sent', async () => {
    const id = await newEmail('lost-commit@example.com');
    let once = true;
    sink.beforeAccept = async () => {
      if (!once) return;
      once = false;
      await dropAppSessions();
    };
    await runJob(id);
    await runJob(id);
    const mails = receivedBy('lost-commit@example.com');
    expect(mails).toHaveLength(1);
    const stored = await row(id);
    expect(stored.status).toBe('sent');
    expect(mails[0]?.header('Message-ID')).toBe(stored.message_id);
  });

  it('the database is away for a while after the send: the worker records it once it is back', async () => {
    const id = await newEmail('slow-commit@example.com');
    // Every session is ended again and again for a second after the message arrives.
    let outage: Promise<void> = Promise.resolve();
    sink.beforeAccept = () => {
      const until = Date.now() + 1000;
      outage = (async () => {
        while (Date.now() < until) {
          await dropAppSessions();
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
    };
    await runJob(id);
    await outage;
    await runJob(id);
    expect(receivedBy('slow-commit@example.com')).toHaveLength(1);
    expect((await row(id)).status).toBe('sent');
  });

  it('an attempt whose worker died between send and record is never sent again by itself', async () => {
    const id = await newEmail('crashed@example.com');
    // A worker claims the email and sends it, then dies before it can record anything.
    const claimed = await claimQueuedEmail(db.em(), id, 'stayhub.example');
    await transport.send(FROM, {
      to: claimed!.to_address,
      subject: claimed!.subject,
      html: '<p>Hello.</p>',
      text: claimed!.text,
      replyTo: null,
      messageId: claimed!.message_id,
    });
    // Its job runs again meanwhile: the claim is another attempt's, so nothing is sent.
    await runJob(id);
    expect(receivedBy('crashed@example.com')).toHaveLength(1);
    // The sweep settles an attempt silent past its lease: failed, uncertain, not resent.
    await db.sql(`update emails set claimed_at = now() - interval '1 hour' where id = $1`, [id]);
    await requeueStaleEmails(db.em());
    const settled = await row(id);
    expect(settled).toMatchObject({ status: 'failed', last_error: UNCERTAIN_DELIVERY });
    await runJob(id);
    expect(receivedBy('crashed@example.com')).toHaveLength(1);

    // The admin's Retry sends it again, with the same Message-ID, so the receiving side can tell.
    expect(await requeueFailedEmail(db.em(), id)).toBe(true);
    await runJob(id);
    const mails = receivedBy('crashed@example.com');
    expect(mails).toHaveLength(2);
    expect(new Set(mails.map((m) => m.header('Message-ID')))).toEqual(new Set([settled.message_id]));
    expect((await row(id)).status).toBe('sent');
  });

  it('a permanent refusal (550) fails at once with the reason, without a retry', async () => {
    const id = await newEmail('nobody@example.com');
    sink.refuse.set('nobody@example.com', 'No such mailbox');
    // The job ends (no throw, so the queue does not retry it) with the email failed.
    await deliverEmail(db.em(), transport, FROM, id);
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await row(id)).last_error).toMatch(/550 No such mailbox/);
    await runJob(id);
    expect((await row(id)).attempts).toBe(1);
    expect(receivedBy('nobody@example.com')).toHaveLength(0);
  });

  it('a temporary refusal (451) is retried, and delivered once when it passes', async () => {
    const id = await newEmail('busy@example.com');
    sink.putOff.set('busy@example.com', 'Try again later');
    await expect(deliverEmail(db.em(), transport, FROM, id)).rejects.toThrow(/451 Try again later/);
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1 });
    sink.putOff.clear();
    await runJob(id);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(receivedBy('busy@example.com')).toHaveLength(1);
  });
});
