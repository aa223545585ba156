import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPC_MAX_BATCH } from '../../src/shared/constants.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { GUEST_CONTACT } from '../support/calls.ts';
import { createProperty } from '../support/fixtures.ts';
import { startTestServer, type TTestServer } from '../support/server.ts';

/** Bookings without an account are limited per client address and per e-mail, in PostgreSQL (429 + Retry-After). */
const PER_HOUR = 3;
let srv: TTestServer;
let propertyId: number;
let night = 40;

function stay(email = GUEST_CONTACT.email) {
  const checkIn = addDays(todayIso(), night++);
  return {
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, 1),
    guests: 1,
    contactInfo: { ...GUEST_CONTACT, email },
  };
}

async function count(): Promise<number> {
  const [row] = await srv.db.sql<{ n: number }>('select count(*)::int as n from bookings');
  return row?.n ?? 0;
}

const post = (path: string, body: unknown, ip: string) =>
  fetch(`${srv.url}${path}`, {
    method: 'POST',
    // The server trusts a proxy on loopback, so the test speaks for several clients.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  srv = await startTestServer({ guestBookingsPerHour: PER_HOUR });
  propertyId = (await createProperty(srv.db.em(), { title: 'Limited' })).id;
  await srv.db.sql('update settings set max_nights_default = 3650, advance_booking_days = 3650 where id = 1');
}, 60_000);
afterAll(() => srv?.close());

describe('guest booking limits', () => {
  it('one tRPC batch from one address books at most the hourly limit; the rest get 429', async () => {
    // A full batch, as large as the server takes one.
    const n = TRPC_MAX_BATCH;
    const paths = Array.from({ length: n }, () => 'bookings.create').join(',');
    const body = Object.fromEntries(
      Array.from({ length: n }, (_, i) => [String(i), { json: stay(`batch${i}@example.com`) }]),
    );
    const before = await count();
    const res = await post(`/trpc/${paths}?batch=1`, body, '198.51.100.10');
    const answers = (await res.json()) as {
      result?: unknown;
      error?: { json: { message: string; data: { httpStatus: number } } };
    }[];
    expect(answers.filter((a) => a.result)).toHaveLength(PER_HOUR);
    const refused = answers.filter((a) => a.error);
    expect(refused).toHaveLength(n - PER_HOUR);
    for (const a of refused) {
      expect(a.error?.json.data.httpStatus).toBe(429);
      expect(a.error?.json.message).toMatch(
        /^Too many bookings without an account\. Please try again in \d+ minutes, or sign in to book\.$/,
      );
    }
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await count()) - before).toBe(PER_HOUR);
  });

  it('REST: the same address is refused with 429 and Retry-After, another address is not', async () => {
    const refused = await post('/api/bookings', stay('rest1@example.com'), '198.51.100.10');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many bookings/);
    expect((await post('/api/bookings', stay('rest2@example.com'), '198.51.100.11')).status).toBe(200);
  });

  it('one e-mail address is limited whatever address the requests come from', async () => {
    const email = 'target@example.com';
    for (let i = 0; i < PER_HOUR; i++)
      expect((await post('/api/bookings', stay(email), `203.0.113.${i + 1}`)).status).toBe(200);
    const res = await post('/api/bookings', stay(email.toUpperCase()), '203.0.113.99');
    expect(res.status).toBe(429);
  });

  it('a booking that fails gives its attempt back', async () => {
    const ip = '198.51.100.20';
    const taken = stay('clash@example.com');
    expect((await post('/api/bookings', taken, ip)).status).toBe(200);
    for (let i = 0; i < PER_HOUR + 2; i++)
      expect(
        (
          await post(
            '/api/bookings',
            { ...taken, contactInfo: { ...taken.contactInfo, email: `c${i}@example.com` } },
            ip,
          )
        ).status,
      ).toBe(409);
    expect((await post('/api/bookings', stay('after@example.com'), ip)).status).toBe(200);
  });
});
