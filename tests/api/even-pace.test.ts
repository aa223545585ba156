import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUP_ANSWER_FLOOR_MS } from '../../src/server/services/auth/even-pace.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { createProperty } from '../support/fixtures.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';

/**
 * Look-ups by e-mail answer a known address and an unknown one alike, in body and in pace: neither
 * answers before the floor, so the known address's extra transaction cannot be timed.
 */
let srv: TTestServer;
let booking: { confirmationNumber: string };

beforeAll(async () => {
  srv = await startTestServer();
  const reg = await api(srv.url, 'POST', '/api/auth/register', {
    username: 'paced',
    email: 'paced@example.com',
    password: 'secret-pw-1',
  });
  expect(reg.status).toBe(200);
  const home = await createProperty(srv.db.em(), { maxGuests: 2 });
  const checkIn = addDays(todayIso(), 30);
  const booked = await api(srv.url, 'POST', '/api/bookings', {
    propertyId: home.id,
    checkIn,
    checkOut: addDays(checkIn, 2),
    guests: 1,
    contactInfo: {
      name: 'Pace Guest',
      email: 'pace-guest@example.com',
      phone: '+1 555 0100',
      country: 'Canada',
    },
  });
  expect(booked.status).toBe(200);
  booking = booked.body;
});
afterAll(async () => {
  await srv.close();
});

async function timed(path: string, body: unknown, ip: string) {
  const started = performance.now();
  const res = await api(srv.url, 'POST', path, body, { 'x-forwarded-for': ip });
  return { status: res.status, body: res.body as unknown, ms: performance.now() - started };
}

describe('look-ups by e-mail', () => {
  it('Forgot password: a known and an unknown address get the same answer, neither before the floor', async () => {
    const known = await timed(
      '/api/auth/password-reset/request',
      { email: 'paced@example.com' },
      '10.44.0.1',
    );
    const unknown = await timed(
      '/api/auth/password-reset/request',
      { email: 'nobody@example.com' },
      '10.44.0.2',
    );
    expect(known.status).toBe(200);
    expect(unknown).toMatchObject({ status: known.status, body: known.body });
    expect(known.ms).toBeGreaterThanOrEqual(LOOKUP_ANSWER_FLOOR_MS);
    expect(unknown.ms).toBeGreaterThanOrEqual(LOOKUP_ANSWER_FLOOR_MS);
    // The known address did get its link.
    expect(
      await srv.db.sql(
        `select 1 from password_resets r join users u on u.id = r.user_id where u.email = 'paced@example.com'`,
      ),
    ).toHaveLength(1);
  });

  it('Find my booking: matching and wrong details get the same answer, neither before the floor', async () => {
    const { confirmationNumber } = booking;
    const match = await timed(
      '/api/bookings/lookup',
      { confirmationNumber, email: 'pace-guest@example.com' },
      '10.44.0.3',
    );
    const wrong = await timed(
      '/api/bookings/lookup',
      { confirmationNumber, email: 'other@example.com' },
      '10.44.0.4',
    );
    expect(match.status).toBe(200);
    expect(wrong).toMatchObject({ status: match.status, body: match.body });
    expect(match.ms).toBeGreaterThanOrEqual(LOOKUP_ANSWER_FLOOR_MS);
    expect(wrong.ms).toBeGreaterThanOrEqual(LOOKUP_ANSWER_FLOOR_MS);
  });
});
