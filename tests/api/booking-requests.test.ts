import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JOB_SCHEDULES } from '../../src/server/jobs/registry.ts';
import { QUEUES } from '../../src/server/jobs/queue.ts';
import { expireRequests } from '../../src/server/services/bookings/requests.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { DECLINE_REASON_REQUIRED } from '../../src/shared/schemas/booking.ts';
import { createProperty } from '../support/fixtures.ts';
import { api, startMailingTestServer, type TTestServer } from '../support/server.ts';
import { SmtpSink } from '../support/smtp-sink.ts';
import { adminCookie } from './payments-helpers.ts';

/**
 * Request to book over REST (docs/booking-operations.md#booking-modes): a request holds its dates, the
 * operator accepts one, the expiry job declines another once its time has passed, and the guest hears of
 * each by e-mail over real SMTP.
 */
const sink = new SmtpSink();
let srv: TTestServer;
let admin: { cookie: string };
let requestHome: number;
let window = 30;

const HOUR = 3_600_000;

async function request(email: string, propertyId = requestHome) {
  const checkIn = addDays(todayIso(), window);
  window += 5;
  const res = await api(srv.url, 'POST', '/api/bookings', {
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, 3),
    guests: 2,
    contactInfo: { name: 'Rita Request', email, phone: '+1 555 0123', country: 'Italy' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    id: number;
    status: string;
    respondBy: string | null;
    checkIn: string;
    checkOut: string;
    confirmationNumber: string;
    manageToken: string;
  };
}

/** The mails the sink got for a booking, once `count` of them arrived. */
async function mailsFor(confirmationNumber: string, count: number) {
  await vi.waitFor(
    () => {
      const got = sink.received.filter((m) => m.header('Subject').includes(confirmationNumber));
      expect(got.length).toBeGreaterThanOrEqual(count);
    },
    { timeout: 20_000, interval: 100 },
  );
  return sink.received.filter((m) => m.header('Subject').includes(confirmationNumber));
}

const statusOf = async (id: number) =>
  (await srv.db.sql<{ status: string }>('select status from bookings where id = $1', [id]))[0]?.status;

beforeAll(async () => {
  await sink.start();
  srv = await startMailingTestServer(sink.url);
  admin = await adminCookie(srv.url);
  requestHome = (await createProperty(srv.db.em(), { title: 'Asking villa', bookingMode: 'request' })).id;
});
afterAll(async () => {
  await srv.close();
  await sink.stop();
});

describe('request to book', () => {
  it('an instant home confirms at once; the property read says how each home books', async () => {
    const instant = await createProperty(srv.db.em(), { title: 'Quick flat' });
    const b = await request('ivy@example.com', instant.id);
    expect(b).toMatchObject({ status: 'confirmed', respondBy: null });
    const read = await api(srv.url, 'GET', `/api/properties/${requestHome}`);
    expect(read.body.bookingMode).toBe('request');
    expect((await api(srv.url, 'GET', `/api/properties/${instant.id}`)).body.bookingMode).toBe('instant');
    const [guest] = (await mailsFor(b.confirmationNumber, 2)).filter((m) => m.to.includes('ivy@example.com'));
    expect(guest?.header('Subject')).toBe(`Booking confirmed: Quick flat (${b.confirmationNumber})`);
  });

  it('a request holds its dates, asks for no money, and the operator accepts it', async () => {
    const before = Date.now();
    const b = await request('rita@example.com');
    expect(b.status).toBe('requested');
    // Due by the settings' response time (24 hours by default).
    const due = Date.parse(b.respondBy ?? '');
    expect(due - before).toBeGreaterThanOrEqual(24 * HOUR - 1000);
    expect(due - Date.now()).toBeLessThanOrEqual(24 * HOUR);

    // Its dates are held: the quote says so and another booking is refused.
    const quote = await api(
      srv.url,
      'GET',
      `/api/bookings/quote?propertyId=${requestHome}&checkIn=${b.checkIn}&checkOut=${b.checkOut}`,
    );
    expect(quote.body).toMatchObject({ available: false, reason: 'These dates are no longer available' });
    const clash = await api(srv.url, 'POST', '/api/bookings', {
      propertyId: requestHome,
      checkIn: b.checkIn,
      checkOut: b.checkOut,
      guests: 1,
      contactInfo: {
        name: 'Other Guest',
        email: 'other@example.com',
        phone: '+1 555 0124',
        country: 'Spain',
      },
    });
    expect(clash.status).toBe(409);

    // Nothing is asked for until it is accepted.
    const pay = await api(srv.url, 'POST', `/api/bookings/manage/${b.manageToken}/pay`, { part: 'deposit' });
    expect(pay.status).toBe(400);
    expect(pay.body.message).toBe('This request has not been accepted yet: nothing is due until it is');

    const received = await mailsFor(b.confirmationNumber, 2);
    const guestMail = received.find((m) => m.to.includes('rita@example.com'));
    expect(guestMail?.header('Subject')).toBe(
      `Booking request received: Asking villa (${b.confirmationNumber})`,
    );
    expect(guestMail?.body).toContain('Requested');
    expect(received.find((m) => m.to.includes('notifications@stayhub.example'))?.header('Subject')).toBe(
      `New booking request ${b.confirmationNumber}: Asking villa`,
    );

    // Only an admin answers.
    expect((await api(srv.url, 'POST', `/api/admin/bookings/${b.id}/accept`, {})).status).toBe(401);
    const accepted = await api(srv.url, 'POST', `/api/admin/bookings/${b.id}/accept`, {}, admin);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ id: b.id, status: 'confirmed' });
    // A second answer finds no request.
    const again = await api(
      srv.url,
      'POST',
      `/api/admin/bookings/${b.id}/decline`,
      { reason: 'Too late' },
      admin,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This booking is not a request awaiting an answer');
    expect(await statusOf(b.id)).toBe('confirmed');

    const mails = await mailsFor(b.confirmationNumber, 3);
    const acceptMail = mails.find((m) => m.header('Subject').startsWith('Request accepted'));
    expect(acceptMail?.to).toEqual(['rita@example.com']);
    expect(acceptMail?.body).toContain('Your booking is confirmed');

    const detail = await api(srv.url, 'GET', `/api/bookings/${b.id}/detail`, undefined, admin);
    expect(detail.body.history.map((h: { from: string | null; to: string }) => [h.from, h.to])).toEqual([
      [null, 'requested'],
      ['requested', 'confirmed'],
    ]);
    expect(detail.body.history[1].action).toBe('booking.accept');
  });

  it('the operator declines a request with a reason: its dates are free again and the guest reads why', async () => {
    const b = await request('dora@example.com');
    // No reason, or a blank one, is refused before anything changes.
    for (const body of [{}, { reason: '   ' }]) {
      const refused = await api(srv.url, 'POST', `/api/admin/bookings/${b.id}/decline`, body, admin);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(DECLINE_REASON_REQUIRED);
    }
    expect(await statusOf(b.id)).toBe('requested');
    const reason = 'The house is closed for repairs that week.\nWe hope to welcome you another time.';
    const declined = await api(srv.url, 'POST', `/api/admin/bookings/${b.id}/decline`, { reason }, admin);
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('declined');
    const quote = await api(
      srv.url,
      'GET',
      `/api/bookings/quote?propertyId=${requestHome}&checkIn=${b.checkIn}&checkOut=${b.checkOut}`,
    );
    expect(quote.body.available).toBe(true);
    const mail = (await mailsFor(b.confirmationNumber, 3)).find((m) =>
      m.header('Subject').startsWith('Request declined'),
    );
    expect(mail?.to).toEqual(['dora@example.com']);
    expect(mail?.body).toContain('Declined');
    expect(mail?.body).toContain("The host's reason:");
    expect(mail?.body).toContain('The house is closed for repairs that week.');
  });

  it('the queue declines a request nobody answered in time, and only then', async () => {
    expect(JOB_SCHEDULES).toContainEqual({ name: QUEUES.bookingRequests, cron: '* * * * *' });
    const b = await request('eli@example.com');
    const due = Date.parse(b.respondBy ?? '');

    // A minute before its deadline the job leaves it alone (the count is of every request in this file).
    await expireRequests(srv.db.em(), new Date(due - 60_000));
    expect(await statusOf(b.id)).toBe('requested');

    expect(await expireRequests(srv.db.em(), new Date(due + 1000))).toBeGreaterThanOrEqual(1);
    expect(await statusOf(b.id)).toBe('declined');
    // Once declined, a later run finds nothing to do.
    expect(await expireRequests(srv.db.em(), new Date(due + 120_000))).toBe(0);

    const mail = (await mailsFor(b.confirmationNumber, 3)).find((m) =>
      m.header('Subject').startsWith('Request declined'),
    );
    expect(mail?.body).toContain('was not answered in time');
    const [entry] = await srv.db.sql<{ action: string; actor_id: number | null }>(
      `select action, actor_id from activity_log where entity_type = 'booking' and entity_id = $1 order by id desc limit 1`,
      [String(b.id)],
    );
    expect(entry).toEqual({ action: 'booking.expire', actor_id: null });

    // The dates are free: someone else can ask for them now.
    const retry = await api(srv.url, 'POST', '/api/bookings', {
      propertyId: requestHome,
      checkIn: b.checkIn,
      checkOut: b.checkOut,
      guests: 1,
      contactInfo: { name: 'Next Guest', email: 'next@example.com', phone: '+1 555 0125', country: 'Spain' },
    });
    expect(retry.status).toBe(200);
    expect(retry.body.status).toBe('requested');
  });

  it('the response time is a setting from 1 to 168 hours', async () => {
    const current = (await api(srv.url, 'GET', '/api/settings', undefined, admin)).body;
    expect(current.requestResponseHours).toBe(24);
    const bad = await api(srv.url, 'PUT', '/api/settings', { ...current, requestResponseHours: 0 }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Response time must be between 1 and 168 hours.');
    const saved = await api(srv.url, 'PUT', '/api/settings', { ...current, requestResponseHours: 2 }, admin);
    expect(saved.status).toBe(200);
    const b = await request('fay@example.com');
    expect(Date.parse(b.respondBy ?? '') - Date.now()).toBeLessThanOrEqual(2 * HOUR);
    expect(Date.parse(b.respondBy ?? '') - Date.now()).toBeGreaterThan(2 * HOUR - 60_000);
  });
});
