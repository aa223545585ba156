import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { callerFor, createTestDatabase, seededAdmin, testEnv, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';
import { SmtpSink } from '../support/smtp-sink.ts';

let db: TTestDb;
interface TEmailRow {
  id: number;
  to_address: string;
  subject: string;
  template: string;
  html: string;
  text: string;
  status: string;
  attempts: number;
  reply_to: string | null;
}
/**
 * The emails, each with the HTML the admin's preview shows: the outbox keeps an email unrendered until
 * the worker sends it, so this also checks that the preview renders it.
 */
const emails = async (where = 'true', params: unknown[] = []) => {
  const rows = await db.sql<Omit<TEmailRow, 'html'>>(
    `select id, to_address, subject, template, text, status, attempts, reply_to from emails where ${where} order by id`,
    params,
  );
  const { items } = await callerFor(db, await seededAdmin(db)).caller.admin.emails({
    page: 1,
    pageSize: 100,
  });
  return rows.map((r): TEmailRow => ({ ...r, html: items.find((m) => m.id === r.id)?.html ?? '' }));
};
const admin = async () => callerFor(db, await seededAdmin(db)).caller;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('contact form', () => {
  it('sends the message to the support e-mail (Reply-To the sender, text escaped) and a fixed auto-reply', async () => {
    const { caller } = callerFor(db, null, { ip: '10.9.0.1' });
    await caller.contact.send({
      name: 'Eve <script>',
      email: 'eve@example.com',
      subject: 'Pets?',
      message: 'Can I bring <b>two</b> cats?',
    });
    const [message, reply] = await emails(`template like 'contact-%'`);
    expect(message?.to_address).toBe('support@stayhub.example');
    expect(message?.reply_to).toBe('eve@example.com');
    expect(message?.subject).toBe('Contact form: Pets?');
    expect(message?.html).toContain('Can I bring &lt;b&gt;two&lt;/b&gt; cats?');
    expect(message?.html).not.toContain('<script>');
    expect(message?.text).toContain('> Can I bring <b>two</b> cats?');
    expect(reply?.to_address).toBe('eve@example.com');
    expect(reply?.template).toBe('contact-auto-reply');
    expect(reply?.html).not.toContain('cats');
  });

  it('refuses bad input at the schema: an invalid e-mail, CR/LF in a header value', async () => {
    const { caller } = callerFor(db, null, { ip: '10.9.0.2' });
    const base = { name: 'Eve', email: 'eve@example.com', subject: 'Hi', message: 'Hello' };
    await expect(caller.contact.send({ ...base, email: 'not-an-email' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Valid email is required'),
    });
    await expect(
      caller.contact.send({ ...base, subject: 'Hi\r\nBcc: victim@example.com' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Subject must be a single line',
    });
    await expect(caller.contact.send({ ...base, name: 'Eve\nBcc: x@example.com' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('is limited per IP: the sixth message in 15 minutes answers 429', async () => {
    const { caller } = callerFor(db, null, { ip: '10.9.0.3' });
    const m = { name: 'Max', email: 'max@example.com', subject: 'Hi', message: 'Hello' };
    for (let i = 0; i < 5; i++) await caller.contact.send(m);
    await expect(caller.contact.send(m)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});

describe('account and status emails', () => {
  it('registration writes a Welcome email', async () => {
    await callerFor(db, null, { ip: '10.9.1.1' }).caller.auth.register({
      username: 'newbie',
      email: 'newbie@example.com',
      password: 'newbie-pass',
    });
    const [welcome] = await emails(`template = 'welcome'`);
    expect(welcome?.to_address).toBe('newbie@example.com');
    expect(welcome?.subject).toBe('Welcome to StayHub');
    expect(welcome?.html).toContain('<meta name="color-scheme" content="light dark"');
    expect(welcome?.html).toContain('/email-logo.png');
  });

  it('an admin cancel e-mails the guest once; with Email Notifications off a confirm e-mails nobody', async () => {
    const home = await createProperty(db.em(), { title: 'Status house' });
    const checkIn = addDays(todayIso(), 40);
    const b = await callerFor(db, null).caller.bookings.create({
      propertyId: home.id,
      checkIn,
      checkOut: addDays(checkIn, 2),
      guests: 2,
      contactInfo: { name: 'Sam', email: 'sam@example.com', phone: '+1 555 0102', country: 'Chile' },
    });
    const a = await admin();
    await a.bookings.updateStatus({ id: b.id, status: 'cancelled' });
    await a.bookings.updateStatus({ id: b.id, status: 'cancelled' });
    expect((await emails(`template = 'booking-cancelled-by-admin'`)).map((r) => r.to_address)).toEqual([
      'sam@example.com',
    ]);
    await db.sql('update settings set enable_email_notifications = false where id = 1');
    try {
      // A fresh caller is a fresh request (its own EntityManager, reading the settings anew).
      await (await admin()).bookings.updateStatus({ id: b.id, status: 'confirmed' });
      expect(await emails(`template = 'booking-confirmed'`)).toEqual([]);
    } finally {
      await db.sql('update settings set enable_email_notifications = true where id = 1');
    }
  });
});

describe('admin', () => {
  it('retries a failed email with a fresh round of attempts, and refuses any other', async () => {
    const [row] = await emails();
    if (!row) throw new Error('no email');
    await db.sql(`update emails set status = 'failed', attempts = 5, last_error = 'boom' where id = $1`, [
      row.id,
    ]);
    const a = await admin();
    const retried = await a.admin.retryEmail({ id: row.id });
    expect(retried).toMatchObject({ id: row.id, status: 'queued', attempts: 0 });
    await expect(a.admin.retryEmail({ id: row.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(a.admin.retryEmail({ id: 999_999 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reports the Email Service as the server sees it', async () => {
    const sink = new SmtpSink();
    await sink.start();
    try {
      const status = async (smtpUrl: string | undefined) =>
        (
          await callerFor(db, await seededAdmin(db), {
            env: testEnv({ smtpUrl }),
          }).caller.settings.emailStatus()
        ).status;
      expect(await status(undefined)).toBe('local');
      expect(await status(sink.url)).toBe('connected');
      await sink.stop();
      expect(await status('smtp://127.0.0.1:1')).toBe('unreachable');
      await db.sql('update settings set enable_email_notifications = false where id = 1');
      expect(await status(sink.url)).toBe('disabled');
    } finally {
      await db.sql('update settings set enable_email_notifications = true where id = 1');
      await sink.stop();
    }
  });
});
