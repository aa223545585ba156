import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { GUEST_CONTACT } from '../support/calls.ts';
import { createProperty } from '../support/fixtures.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';

let srv: TTestServer;
let cookie: string;
const asAdmin = () => ({ cookie });

beforeAll(async () => {
  srv = await startTestServer();
  const res = await api(srv.url, 'POST', '/api/auth/login', TEST_ADMIN);
  cookie = /stayhub_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '';
  expect(cookie).not.toBe('');
});
afterAll(async () => {
  await srv.close();
});

const quote = (propertyId: number, checkIn: string, checkOut: string, extra = '') =>
  api(
    srv.url,
    'GET',
    `/api/bookings/quote?propertyId=${propertyId}&checkIn=${checkIn}&checkOut=${checkOut}${extra}`,
  );
const book = (propertyId: number, checkIn: string, checkOut: string, more: Record<string, unknown> = {}) =>
  api(srv.url, 'POST', '/api/bookings', {
    propertyId,
    checkIn,
    checkOut,
    guests: 2,
    contactInfo: GUEST_CONTACT,
    ...more,
  });

describe('the quote judges every stay rule with the booking’s words', () => {
  it('refuses 1 night where the minimum is 2, with the reason the booking gives', async () => {
    const home = await createProperty(srv.db.em(), { title: 'Two-night minimum' });
    const set = await api(
      srv.url,
      'POST',
      `/api/properties/${home.id}/rates`,
      { kind: 'minNights', minNights: 2 },
      asAdmin(),
    );
    expect(set.status).toBe(200);
    const checkIn = addDays(todayIso(), 20);
    const q = await quote(home.id, checkIn, addDays(checkIn, 1));
    expect(q.status).toBe(200);
    expect(q.body.available).toBe(false);
    expect(q.body.reason).toBe('Stays must be at least 2 nights');
    const b = await book(home.id, checkIn, addDays(checkIn, 1));
    expect(b.status).toBe(400);
    expect(b.body.message).toBe(q.body.reason);

    const ok = await quote(home.id, checkIn, addDays(checkIn, 2));
    expect(ok.body).toMatchObject({ available: true });
    expect(ok.body.reason).toBeUndefined();
  });

  it('refuses the maximum, the advance limit, capacity and taken nights, as the booking does', async () => {
    const home = await createProperty(srv.db.em(), { title: 'Rule home', maxGuests: 3 });
    const settings = (await api(srv.url, 'GET', '/api/settings', undefined, asAdmin())).body;
    const start = addDays(todayIso(), 10);
    const cases: [string, string, string][] = [
      [
        start,
        addDays(start, settings.maxNightsDefault + 1),
        `Stays cannot be longer than ${settings.maxNightsDefault} nights`,
      ],
      [
        addDays(todayIso(), settings.advanceBookingDays + 5),
        addDays(todayIso(), settings.advanceBookingDays + 8),
        `Bookings can be made at most ${settings.advanceBookingDays} days in advance`,
      ],
    ];
    for (const [checkIn, checkOut, reason] of cases) {
      const q = await quote(home.id, checkIn, checkOut);
      expect(q.body).toMatchObject({ available: false, reason });
      const b = await book(home.id, checkIn, checkOut);
      expect(b.status).toBe(400);
      expect(b.body.message).toBe(reason);
    }
    const crowd = await quote(home.id, start, addDays(start, 2), '&guests=4');
    expect(crowd.body).toMatchObject({ available: false, reason: 'This property allows at most 3 guests' });
    expect((await book(home.id, start, addDays(start, 2), { guests: 4 })).body.message).toBe(
      crowd.body.reason,
    );

    expect((await book(home.id, start, addDays(start, 2))).status).toBe(200);
    const taken = await quote(home.id, start, addDays(start, 2));
    expect(taken.body).toMatchObject({ available: false, reason: 'These dates are no longer available' });
    const again = await book(home.id, start, addDays(start, 2));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(taken.body.reason);
  });
});
