import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { cancellationDeadline, formatDeadline } from '../../src/shared/cancellation.ts';
import { formatIsoDate } from '../../src/shared/dates.ts';
import { cancelAsGuest } from '../../src/server/services/bookings/manage.ts';
import { writeBookingReceivedEmails } from '../../src/server/services/email/guest-emails.ts';
import { deliverEmail, siteSender } from '../../src/server/services/email/outbox.ts';
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
      cancelAsGuest(
        db.em(),
        late.id,
        null,
        cancellationDeadline(late.checkIn, 'moderate', 'America/New_York'),
      ),
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

describe('what a booking email says about the stay', () => {
  async function bookAt(home: number, checkIn: string, nights: number, email: string) {
    const b = await callerFor(db, null).caller.bookings.create({
      propertyId: home,
      checkIn,
      checkOut: addDays(checkIn, nights),
      guests: 1,
      contactInfo: { name: 'Kai Guest', email, phone: '+1 555 0100', country: 'Japan' },
    });
    await writeBookingReceivedEmails(db.em(), b.id);
    const [m] = await emails('to_address = $1', [email]);
    if (!m) throw new Error('no email');
    return { b, text: m.text, html: m.html };
  }

  it("states the free-cancellation deadline in the home's local time, and never one already past", async () => {
    const tokyo = (
      await createProperty(db.em(), {
        title: 'Tokyo flat',
        location: 'Tokyo, Japan',
        latitude: '35.6762',
        longitude: '139.6503',
      })
    ).id;
    const early = await bookAt(tokyo, addDays(todayIso(), 30), 2, 'early-tokyo@example.com');
    const deadline = cancellationDeadline(early.b.checkIn, 'moderate', 'Asia/Tokyo');
    expect(deadline.getTime()).toBeGreaterThan(Date.now());
    // Midnight in Tokyo is 15:00 UTC the day before.
    expect(deadline.getUTCHours()).toBe(15);
    const stated = formatDeadline(deadline, 'Asia/Tokyo');
    expect(stated).toMatch(/12:00 AM GMT\+9$/);
    expect(early.text).toContain(`You can cancel free of charge until ${stated} (the home's local time).`);
    expect(early.text).not.toContain('UTC');

    // Booked two days ahead under a five-day policy: the free window is already over when it is booked.
    const late = await bookAt(tokyo, addDays(todayIso(), 2), 2, 'late-tokyo@example.com');
    expect(late.text).not.toContain('free of charge until');
    expect(late.text).toContain('Your stay is already past the free-cancellation deadline');
    // Two nights at 100 and 17 % GST; moderate keeps the first night and half the other: 150 + 25.50.
    expect(late.text).toContain('cancelling now costs $175.50');
    // Whatever date it names is behind us, and said to be.
    const named = /deadline \((.+?), the home's local time\)/.exec(late.text)?.[1];
    expect(named).toBe(
      formatDeadline(cancellationDeadline(late.b.checkIn, 'moderate', 'Asia/Tokyo'), 'Asia/Tokyo'),
    );
  });

  it("lists the nights as the booking's snapshot priced them, line by line", async () => {
    const home = (await createProperty(db.em(), { title: 'Season house', price: 205 })).id;
    const checkIn = addDays(todayIso(), 60);
    const admin = callerFor(db, await seededAdmin(db)).caller;
    await admin.calendar.setRate({
      id: home,
      kind: 'season',
      startDate: checkIn,
      endDate: addDays(checkIn, 2),
      nightlyPrice: 400,
    });
    const { b, text, html } = await bookAt(home, checkIn, 3, 'season@example.com');
    const [row] = await db.sql<{ night_prices: number[]; nightly_price: number }>(
      'select night_prices, nightly_price from bookings where id = $1',
      [b.id],
    );
    expect(row).toEqual({ night_prices: [40000, 40000, 20500], nightly_price: 33500 }); // cents
    const first = `${formatIsoDate(checkIn)} – ${formatIsoDate(addDays(checkIn, 2))} · $400.00 x 2 nights: $800.00`;
    const second = `${formatIsoDate(addDays(checkIn, 2))} – ${formatIsoDate(addDays(checkIn, 3))} · $205.00 x 1 night: $205.00`;
    expect(text).toContain(`${first}\n${second}\n`);
    expect(text).not.toContain('$335.00');
    expect(html).not.toContain('$335.00');
    expect(html).toContain('$205.00 x 1 night');
    // GST on 1,005 at 17 % and the total, as the card quoted them.
    expect(text).toContain('GST (17%): $170.85');
    expect(text).toContain('Total: $1,175.85');
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

  it('quotes the site name in the From: a comma, quotes or an address in it stay part of the name', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stayhub-mail-'));
    const [before] = await db.sql<{ site_name: string }>('select site_name from settings where id = 1');
    try {
      const transport = createMailTransport({ smtpUrl: undefined, mailDir: dir });
      const names = ['Evil <attacker@evil.example>, Bcc', 'Sea "View", Ltd.', 'Café Ünïcode <x@y.example>'];
      await callerFor(db, null, { ip: '10.77.0.1' }).caller.contact.send({
        name: 'Ann',
        email: 'ann@example.com',
        subject: 'Hello',
        message: 'A question',
      });
      const last = 'id = (select max(id) from emails)';
      for (const name of names) {
        await db.sql('update settings set site_name = $1 where id = 1', [name]);
        await db.sql(`update emails set status = 'queued', sent_at = null where ${last}`);
        const [email] = await emails(last);
        if (!email) throw new Error('no email');
        for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f));
        await deliverEmail(db.em(), transport, await siteSender(db.em()), email.id);
        const eml = fs.readFileSync(path.join(dir, fs.readdirSync(dir)[0] ?? ''), 'utf8');
        const from = /^From: (.*(?:\n[ \t].*)*)$/m.exec(eml)?.[1]?.replace(/\n[ \t]/g, ' ') ?? '';
        // One address, the support address, after one quoted (or encoded) display name.
        expect(from, name).toMatch(/^(".*"|=\?UTF-8\?.*\?=) <support@[^<>]*>$/);
        expect(from.match(/<[^>]*>$/g), name).toHaveLength(1);
        if (!/[^\x20-\x7e]/.test(name)) expect(from, name).toContain(JSON.stringify(name).slice(1, -1));
      }
    } finally {
      await db.sql('update settings set site_name = $1 where id = 1', [before?.site_name ?? 'StayHub']);
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
