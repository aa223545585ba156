import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { writeBookingReceivedEmails } from '../../src/server/services/email/guest-emails.ts';
import { redactSecrets } from '../../src/server/services/email/redact.ts';
import { callerFor, createTestDatabase, seededAdmin, type TTestDb } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';

/**
 * The admin's outbox preview never carries a working secret link: the password reset and the manage
 * link are redacted there, while the recipient's copy (the stored text part, which the transport sends)
 * keeps them and they still work.
 */

let db: TTestDb;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

async function preview(template: string, to: string) {
  const { items } = await callerFor(db, await seededAdmin(db)).caller.admin.emails({
    page: 1,
    pageSize: 100,
  });
  const mail = items.find((m) => m.template === template && m.to === to);
  if (!mail) throw new Error(`no ${template} email to ${to}`);
  return mail;
}

async function recipientText(template: string, to: string): Promise<string> {
  const rows = await db.sql<{ text: string }>(
    'select text from emails where template = $1 and to_address = $2 order by id desc limit 1',
    [template, to],
  );
  return rows[0]?.text ?? '';
}

describe("the admin's email preview", () => {
  it('shows a password reset without its token, and the token still works for the recipient', async () => {
    const { caller } = callerFor(db, null, { ip: '10.9.0.1' });
    await caller.auth.register({
      username: 'resetter',
      email: 'resetter@example.com',
      password: 'first-pass',
    });
    await caller.auth.requestPasswordReset({ email: 'resetter@example.com' });

    const token = /\/reset-password\/([a-z2-7]{32})/.exec(
      await recipientText('password-reset', 'resetter@example.com'),
    )?.[1];
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const mail = await preview('password-reset', 'resetter@example.com');
    expect(mail.html).not.toContain(token);
    expect(mail.html).toContain('/reset-password/REDACTED');
    // Nothing in the preview is a link token of any kind.
    expect(mail.html).not.toMatch(/\/reset-password\/[a-z2-7]{32}/);

    const user = await caller.auth.confirmPasswordReset({ token: token ?? '', password: 'second-pass' });
    expect(user.username).toBe('resetter');
  });

  it("shows a booking's email without its manage link, which still opens the booking for the guest", async () => {
    const propertyId = (await createProperty(db.em(), { title: 'Preview house' })).id;
    const checkIn = addDays(todayIso(), 20);
    const booking = await callerFor(db, null).caller.bookings.create({
      propertyId,
      checkIn,
      checkOut: addDays(checkIn, 2),
      guests: 2,
      contactInfo: { name: 'Pia Preview', email: 'pia@example.com', phone: '+1 555 0100', country: 'Spain' },
    });
    await writeBookingReceivedEmails(db.em(), booking.id);

    expect(await recipientText('booking-received', 'pia@example.com')).toContain(
      `/manage/${booking.manageToken}`,
    );
    const mail = await preview('booking-received', 'pia@example.com');
    expect(mail.html).not.toContain(booking.manageToken);
    expect(mail.html).toContain('/manage/REDACTED');
    const managed = await callerFor(db, null).caller.bookings.manage({ token: booking.manageToken });
    expect(managed.id).toBe(booking.id);
  });

  it('redacts every secret link form, in an href and in the text, and leaves other links alone', () => {
    const reset = 'abcdefghijklmnopqrstuvwxyz234567';
    const feed = 'Zm9vYmFyLWJhei1xdXV4LTEyMzQ1Njc4OTAtYWJjZGVm';
    const html = [
      `<a href="https://stay.example/reset-password/${reset}">Reset</a> or paste https://stay.example/reset-password/${reset}`,
      `<a href="https://stay.example/manage/${reset}?tab=review">Manage</a>`,
      `<a href="https://stay.example/ical/${feed}.ics">Feed</a>`,
      `<a href="https://stay.example/some/new-link/${reset}">Another link form</a>`,
      `<a href="https://stay.example/property/12">A home</a>`,
    ].join('\n');
    const out = redactSecrets(html);
    expect(out).not.toContain(reset);
    expect(out).not.toContain(feed);
    expect(out).toContain('href="https://stay.example/reset-password/REDACTED"');
    expect(out).toContain('paste https://stay.example/reset-password/REDACTED');
    expect(out).toContain('href="https://stay.example/manage/REDACTED?tab=review"');
    expect(out).toContain('href="https://stay.example/ical/REDACTED.ics"');
    expect(out).toContain('href="https://stay.example/some/new-link/REDACTED"');
    expect(out).toContain('href="https://stay.example/property/12"');
  });
});
