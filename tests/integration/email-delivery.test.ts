import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TRunningServer } from '../../src/server/server.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { callerFor, seededAdmin } from '../support/db.ts';
import { createProperty } from '../support/fixtures.ts';
import { api, startMailingTestServer, type TTestServer } from '../support/server.ts';
import { SmtpSink } from '../support/smtp-sink.ts';

/**
 * Delivery over real SMTP (docs/features.md#emails): the app's own server with its queue workers, a real
 * SMTP server (smtp-server) started here, and short retry delays.
 */
const sink = new SmtpSink();
let srv: TTestServer;
let second: TRunningServer | null = null;
let propertyId: number;
let windowStart = 20;

interface TRow {
  id: number;
  to_address: string;
  subject: string;
  template: string;
  status: string;
  attempts: number;
  last_error: string | null;
}
const rows = (where = 'true', params: unknown[] = []) =>
  srv.db.sql<TRow>(
    `select id, to_address, subject, template, status, attempts, last_error from emails where ${where} order by id`,
    params,
  );

async function book(email: string) {
  const checkIn = addDays(todayIso(), windowStart);
  windowStart += 4;
  const res = await api(srv.url, 'POST', '/api/bookings', {
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, 3),
    guests: 2,
    contactInfo: { name: 'Ada Guest', email, phone: '+1 555 0100', country: 'Spain' },
  });
  expect(res.status).toBe(200);
  return res.body as { id: number; confirmationNumber: string; checkIn: string; checkOut: string };
}

/** Waits until every email of these bookings is delivered, then answers what the sink got for them. */
async function deliveredFor(confirmationNumber: string, count: number) {
  await vi.waitFor(
    async () => {
      const mine = await rows(`subject like $1`, [`%${confirmationNumber}%`]);
      expect(mine).toHaveLength(count);
      expect(mine.every((r) => r.status === 'sent')).toBe(true);
    },
    { timeout: 30_000, interval: 200 },
  );
  return sink.received.filter((m) => m.header('Subject').includes(confirmationNumber));
}

beforeAll(async () => {
  await sink.start();
  srv = await startMailingTestServer(sink.url);
  propertyId = (await createProperty(srv.db.em(), { title: 'Harbour loft', price: 100 })).id;
});
afterAll(async () => {
  await second?.close();
  await srv.close();
  await sink.stop();
});

describe('emails over SMTP', () => {
  it('a booking delivers one guest email and one operator email with the confirmation number and total', async () => {
    const b = await book('ada@example.com');
    const mails = await deliveredFor(b.confirmationNumber, 2);
    expect(mails).toHaveLength(2);
    const guest = mails.find((m) => m.to.includes('ada@example.com'));
    const operator = mails.find((m) => m.to.includes('notifications@stayhub.example'));
    expect(guest?.header('Subject')).toBe(`Booking confirmed: Harbour loft (${b.confirmationNumber})`);
    expect(operator?.header('Subject')).toBe(`New booking ${b.confirmationNumber}: Harbour loft`);
    for (const m of [guest, operator]) {
      expect(m?.header('From')).toBe('StayHub <bookings@stayhub.example>');
      expect(m?.body).toContain(b.confirmationNumber);
      // 3 nights x $100 + 17 % GST.
      expect(m?.body).toContain('$351.00');
      expect(m?.raw).toMatch(/Content-Type: text\/plain/i);
      expect(m?.raw).toMatch(/Content-Type: text\/html/i);
    }
    expect(operator?.body).toContain('+1 555 0100');
    expect(operator?.header('Reply-To')).toBe('ada@example.com');
  });

  it('an admin confirm delivers one more email, to the guest', async () => {
    const b = await book('confirm@example.com');
    await deliveredFor(b.confirmationNumber, 2);
    const admin = await seededAdmin(srv.db);
    const { caller } = callerFor(srv.db, admin);
    // An instant home's booking is confirmed as it is made: set back to pending, the operator confirms it.
    await caller.bookings.updateStatus({ id: b.id, status: 'pending' });
    await caller.bookings.updateStatus({ id: b.id, status: 'confirmed' });
    const mails = await deliveredFor(b.confirmationNumber, 3);
    // The booking's own confirmation, then the operator's: both to the guest.
    const confirmed = mails.filter((m) => m.header('Subject').startsWith('Booking confirmed'));
    expect(confirmed.map((m) => m.to)).toEqual([['confirm@example.com'], ['confirm@example.com']]);
    for (const m of confirmed) expect(m.body).toContain('$351.00');
  });

  it('a booking refused with 409 delivers nothing', async () => {
    const b = await book('first@example.com');
    await deliveredFor(b.confirmationNumber, 2);
    const before = sink.received.length;
    const emailsBefore = (await rows()).length;
    const clash = await api(srv.url, 'POST', '/api/bookings', {
      propertyId,
      checkIn: b.checkIn,
      checkOut: b.checkOut,
      guests: 2,
      contactInfo: { name: 'Late Guest', email: 'late@example.com', phone: '+1 555 0199', country: 'Spain' },
    });
    expect(clash.status).toBe(409);
    // A booking after it is a barrier: once the workers delivered its two emails, anything the refused
    // one had queued would have gone out too. Only the later booking's two arrive.
    const after = await book('after@example.com');
    await deliveredFor(after.confirmationNumber, 2);
    expect(await rows()).toHaveLength(emailsBefore + 2);
    expect(await rows('to_address = $1', ['late@example.com'])).toEqual([]);
    expect(sink.received.length).toBe(before + 2);
    expect(sink.received.some((m) => m.to.includes('late@example.com'))).toBe(false);
  });

  it('with the SMTP server down, emails are retried and delivered exactly once when it is back', async () => {
    await sink.stop();
    const b = await book('patient@example.com');
    // Both emails fail at least once while the server is away...
    await vi.waitFor(
      async () => {
        const mine = await rows(`subject like $1`, [`%${b.confirmationNumber}%`]);
        expect(mine).toHaveLength(2);
        for (const r of mine) {
          expect(r.status).toBe('queued');
          expect(r.attempts).toBeGreaterThanOrEqual(1);
          expect(r.last_error).toBeTruthy();
        }
      },
      { timeout: 20_000, interval: 100 },
    );
    await sink.start();
    const mails = await deliveredFor(b.confirmationNumber, 2);
    expect(mails).toHaveLength(2);
    expect(new Set(mails.map((m) => m.header('Message-ID'))).size).toBe(2);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([
      'notifications@stayhub.example',
      'patient@example.com',
    ]);
  }, 60_000);

  it('two server instances on one database deliver each email once', async () => {
    second = await startServer({ ...srv.env, port: 0 }, { seed: false });
    const booked = [];
    for (let i = 0; i < 6; i++) booked.push(await book(`pair${i}@example.com`));
    for (const b of booked) {
      const mails = await deliveredFor(b.confirmationNumber, 2);
      expect(mails).toHaveLength(2);
    }
    // Across everything this file sent: one SMTP message per outbox row, never two.
    const ids = sink.received.map((m) => m.header('Message-ID'));
    expect(new Set(ids).size).toBe(ids.length);
    const sent = await rows(`status = 'sent'`);
    expect(ids.length).toBe(sent.length);
  }, 60_000);
});
