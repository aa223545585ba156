import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { cancellationDeadline } from '../../src/shared/cancellation.ts';
import { cancelAsGuest } from '../../src/server/services/bookings/manage.ts';
import { writeBookingReceivedEmails } from '../../src/server/services/email/guest-emails.ts';
import { deliverEmail } from '../../src/server/services/email/outbox.ts';
import { createMailTransport, headerSafe } from '../../src/server/services/email/transport.ts';
import { sendReviewInvitations } from '../../src/server/services/reviews/invitations.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

let db: TTestDb;
let propertyId: number;

interface TEmailRow {
  id: number;
  to_address: string;
  subject: string;
  template: string;
  html: string;
  text: string;
  status: string;
}
/**
 * The emails, each with the HTML the admin's preview shows: the outbox keeps an email unrendered until
 * the worker sends it, so this also checks that the preview renders it.
 */
const emails = async (where = 'true', params: unknown[] = []) => {
  const rows = await db.sql<Omit<TEmailRow, 'html'>>(
    `select id, to_address, subject, template, text, status from emails where ${where} order by id`,
    params,
  );
  const { items } = await callerFor(db, await seededAdmin(db)).caller.admin.emails({
    page: 1,
    pageSize: 100,
  });
  return rows.map((r): TEmailRow => ({ ...r, html: items.find((m) => m.id === r.id)?.html ?? '' }));
};

let windowStart = 30;
async function book(email: string) {
  const checkIn = addDays(todayIso(), windowStart);
  windowStart += 4;
  const booking = await callerFor(db, null).caller.bookings.create({
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, 3),
    guests: 2,
    contactInfo: { name: 'Mia <b>Guest</b>', email, phone: '+1 555 0100', country: 'Spain' },
  });
  // What the booking-emails job does once the booking has committed (no queue runs here).
  await writeBookingReceivedEmails(db.em(), booking.id);
  return booking;
}

beforeAll(async () => {
  db = await createTestDatabase();
  propertyId = (await createProperty(db.em(), { title: 'Mail house', price: 100 })).id;
});
afterAll(async () => {
  await db.drop();
});

describe('booking emails carry the manage link', () => {
  it('a booking writes one guest email with the manage link, escaped guest text, BIC and total', async () => {
    const b = await book('mia@example.com');
    const rows = await emails('to_address = $1', ['mia@example.com']);
    expect(rows).toHaveLength(1);
    const [m] = rows;
    expect(m?.template).toBe('booking-received');
    expect(m?.subject).toContain(b.confirmationNumber);
    // The recipient's copy carries the manage link; the admin's preview shows it redacted.
    expect(m?.text).toContain(`/manage/${b.manageToken}`);
    expect(m?.html).toContain('/manage/REDACTED');
    expect(m?.html).not.toContain(b.manageToken);
    expect(m?.html).toContain('Mia &lt;b&gt;Guest&lt;/b&gt;');
    expect(m?.html).not.toContain('<b>Guest</b>');
    expect(m?.text).toContain('$351.00');
    // The booking's transaction only composes the email: the MJML render waits for the worker.
    // It stores the blocks' content as data (escaped into the markup when rendered, as checked above).
    const [stored] = await db.sql<{ html: string | null; source: { blocks: unknown[] } | null }>(
      'select html, source from emails where id = $1',
      [m?.id],
    );
    expect(stored?.html).toBeNull();
    expect(stored?.source?.blocks).toContainEqual({
      paragraph: expect.stringContaining('Hello Mia <b>Guest</b>,') as unknown,
    });
  });

  it('a guest cancel writes one email to the guest and one to the operator; a refused cancel writes none', async () => {
    const b = await book('cancel-me@example.com');
    await callerFor(db, null).caller.bookings.manageCancel({ token: b.manageToken });
    const rows = await emails(`template like 'booking-cancelled%' and subject like $1`, [
      `%${b.confirmationNumber}%`,
    ]);
    expect(rows.map((r) => [r.template, r.to_address])).toEqual([
      ['booking-cancelled-guest', 'cancel-me@example.com'],
      ['booking-cancelled-operator', 'notifications@stayhub.example'],
    ]);

    const late = await book('too-late@example.com');
    await expect(
      cancelAsGuest(db.em(), late.id, null, cancellationDeadline(late.checkIn, 'moderate')),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(
      await emails(`template like 'booking-cancelled%' and subject like $1`, [
        `%${late.confirmationNumber}%`,
      ]),
    ).toEqual([]);
  });

  it('find my booking e-mails a working link only when both details match', async () => {
    const b = await book('finder@example.com');
    const { caller } = callerFor(db, null, { ip: '10.7.0.1' });
    await caller.bookings.lookup({ confirmationNumber: b.confirmationNumber, email: 'wrong@example.com' });
    expect(await emails(`template = 'booking-link'`)).toEqual([]);
    await caller.bookings.lookup({ confirmationNumber: b.confirmationNumber, email: 'Finder@Example.com' });
    const [link] = await emails(`template = 'booking-link'`);
    expect(link?.to_address).toBe('finder@example.com');
    const token = /\/manage\/([a-z2-7]{32})/.exec(link?.text ?? '')?.[1] ?? '';
    expect((await caller.bookings.manage({ token })).id).toBe(b.id);
  });

  it('password reset e-mails go out even with Email Notifications off, to known accounts only', async () => {
    await callerFor(db, null, { ip: '10.7.0.2' }).caller.auth.register({
      username: 'forgetful',
      email: 'forgetful@example.com',
      password: 'first-pass',
    });
    await db.sql('insert into settings (id) values (1) on conflict (id) do nothing');
    await db.sql('update settings set enable_email_notifications = false where id = 1');
    try {
      const { caller } = callerFor(db, null, { ip: '10.7.0.3' });
      await caller.auth.requestPasswordReset({ email: 'nobody@example.com' });
      await caller.auth.requestPasswordReset({ email: 'forgetful@example.com' });
      const resets = await emails(`template = 'password-reset'`);
      expect(resets.map((r) => r.to_address)).toEqual(['forgetful@example.com']);
      const token = /\/reset-password\/([a-z2-7]{32})/.exec(resets[0]?.text ?? '')?.[1] ?? '';
      const user = await caller.auth.confirmPasswordReset({ token, password: 'second-pass' });
      expect(user.username).toBe('forgetful');
      // A booking made now sends nothing: booking emails follow the switch.
      await book('quiet@example.com');
      expect(await emails('to_address = $1', ['quiet@example.com'])).toEqual([]);
    } finally {
      await db.sql('update settings set enable_email_notifications = true where id = 1');
    }
  });
});

describe('delivery', () => {
  it('writes a queued email as a .eml file once, and never sends it again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stayhub-mail-'));
    try {
      const transport = createMailTransport({ smtpUrl: undefined, mailDir: dir });
      const [first] = await emails(`status = 'queued'`);
      if (!first) throw new Error('no queued email');
      await deliverEmail(db.em(), transport, 'StayHub <support@stayhub.example>', first.id);
      await deliverEmail(db.em(), transport, 'StayHub <support@stayhub.example>', first.id);
      const files = fs.readdirSync(dir);
      expect(files).toHaveLength(1);
      const eml = fs.readFileSync(path.join(dir, files[0] ?? ''), 'utf8');
      expect(eml).toContain(`To: ${first.to_address}`);
      const [after] = await emails('id = $1', [first.id]);
      expect(after?.status).toBe('delivered_locally');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('header values lose CR and LF', () => {
    expect(headerSafe('Hi\r\nBcc: evil@example.com')).toBe('Hi Bcc: evil@example.com');
  });
});

describe('review invitations', () => {
  it('the day after check-out, once per stay, with a manage link that opens the review form', async () => {
    const checkIn = addDays(todayIso(), -4);
    const [row] = await db.sql<{ id: number }>(
      `insert into bookings (property_id, check_in, check_out, guests, total_price, status, contact_info,
                             nightly_price, nights, tax_rate, tax_amount, confirmation_number)
       values ($1, $2, $3, 1, 351, 'confirmed', $4, 100, 3, 17, 51, 'BIC777001') returning id`,
      [
        propertyId,
        checkIn,
        addDays(checkIn, 3),
        JSON.stringify({
          name: 'Ola Past',
          email: 'past@example.com',
          phone: '+1 555 0101',
          country: 'Norway',
        }),
      ],
    );
    expect(await sendReviewInvitations(db.em())).toBe(1);
    expect(await sendReviewInvitations(db.em())).toBe(0);
    const [invite] = await emails(`template = 'review-invitation'`);
    expect(invite?.to_address).toBe('past@example.com');
    const token = /\/manage\/([a-z2-7]{32})/.exec(invite?.text ?? '')?.[1] ?? '';
    const managed = await callerFor(db, null).caller.bookings.manage({ token });
    expect(managed.id).toBe(row?.id);
    expect(managed.canReview).toBe(true);
  });
});
