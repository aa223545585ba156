import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { createSession } from '../../src/server/services/auth/sessions.ts';
import { createProperty } from '../support/fixtures.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';

let srv: TTestServer;

const contactInfo = {
  name: 'Race Guest',
  email: 'race@example.com',
  phone: '+1 555 0199',
  country: 'Canada',
};

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

/** Pairs of live bookings of one property whose half-open date ranges overlap; must always be empty. */
async function overlappingPairs(propertyId: number) {
  return srv.db.sql(
    `select a.id, b.id from bookings a join bookings b
        on a.property_id = b.property_id and a.id < b.id
       and daterange(a.check_in, a.check_out, '[)') && daterange(b.check_in, b.check_out, '[)')
     where a.property_id = $1 and a.status in ('pending', 'confirmed') and b.status in ('pending', 'confirmed')`,
    [propertyId],
  );
}

describe('POST /api/bookings under concurrency', () => {
  it('200 concurrent requests for overlapping dates: exactly 1 succeeds, 199 get 409, no overlap is stored', async () => {
    const property = await createProperty(srv.db.em(), { maxGuests: 6 });
    const base = addDays(todayIso(), 100);
    // Every request overlaps every other: each stay covers night base+3, with varied starts and lengths.
    const bodies = Array.from({ length: 200 }, (_, i) => ({
      propertyId: property.id,
      userId: 1,
      checkIn: addDays(base, i % 4),
      checkOut: addDays(base, 4 + (i % 3)),
      guests: 2,
      contactInfo,
    }));
    const results = await Promise.all(
      bodies.map((b) => api(srv.url, 'POST', '/api/bookings?directAdmin=true', b)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.message).toBe('These dates are no longer available');
    }
    const rows = await srv.db.sql('select id from bookings where property_id = $1', [property.id]);
    expect(rows).toHaveLength(1);
    expect(await overlappingPairs(property.id)).toEqual([]);
  });

  it('adjacent stays (check-out day = next check-in) both succeed, also when sent together', async () => {
    const property = await createProperty(srv.db.em());
    const a = addDays(todayIso(), 120);
    const stays = [
      [a, addDays(a, 3)],
      [addDays(a, 3), addDays(a, 5)],
      [addDays(a, 5), addDays(a, 9)],
    ];
    const results = await Promise.all(
      stays.map(([checkIn, checkOut]) =>
        api(srv.url, 'POST', '/api/bookings', {
          propertyId: property.id,
          checkIn,
          checkOut,
          guests: 1,
          contactInfo,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await overlappingPairs(property.id)).toEqual([]);
    const availability = await api(srv.url, 'GET', `/api/properties/${property.id}/availability`);
    expect(availability.status).toBe(200);
    expect(availability.body).toEqual(stays.map(([checkIn, checkOut]) => ({ checkIn, checkOut })));
  });
});

describe('POST /api/bookings (the spec payload over REST)', () => {
  it('accepts the spec payload with ?directAdmin=true and userId, and ignores both', async () => {
    const property = await createProperty(srv.db.em(), { price: 200 });
    const checkIn = addDays(todayIso(), 150);
    const res = await api(srv.url, 'POST', '/api/bookings?directAdmin=true', {
      propertyId: property.id,
      userId: 1,
      checkIn,
      checkOut: addDays(checkIn, 2),
      guests: 2,
      totalPrice: 468,
      contactInfo: { ...contactInfo, specialRequests: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      propertyId: property.id,
      userId: null,
      totalPrice: 468,
      status: 'confirmed',
    });
    expect(res.body.id).toEqual(expect.any(Number));
    expect(res.body.confirmationNumber).toMatch(/^BIC\d{1,6}$/);
  });

  it('answers a tampered price with 409 and the quote, and bad input with 400, never 5xx', async () => {
    const property = await createProperty(srv.db.em(), { price: 200 });
    const checkIn = addDays(todayIso(), 160);
    const body = { propertyId: property.id, checkIn, checkOut: addDays(checkIn, 2), guests: 2, contactInfo };
    const tampered = await api(srv.url, 'POST', '/api/bookings', { ...body, totalPrice: 10 });
    expect(tampered.status).toBe(409);
    expect(tampered.body.message).toBe('The price has changed. Please review the new total.');
    expect(tampered.body.details.quote).toMatchObject({ nights: 2, subtotal: 400, tax: 68, total: 468 });

    const bad: [unknown, number, string][] = [
      [{ ...body, checkIn: addDays(todayIso(), -3) }, 400, 'Check-in date cannot be in the past'],
      [{ ...body, checkOut: checkIn }, 400, 'Check-out must be after check-in'],
      [{ ...body, guests: 0 }, 400, 'At least 1 guest is required'],
      [{ ...body, guests: 9 }, 400, 'This property allows at most 4 guests'],
      [{ ...body, propertyId: 999_999 }, 404, 'Property not found'],
      [{ ...body, propertyId: 'abc' }, 400, 'Property id must be a number'],
      [{ ...body, contactInfo: { ...contactInfo, email: 'nope' } }, 400, 'Valid email is required'],
      [{ ...body, contactInfo: undefined }, 400, 'Contact information is required'],
      [{ ...body, checkIn: '01/12/2026' }, 400, 'Date must be a calendar date in yyyy-MM-dd format'],
    ];
    for (const [payload, status, message] of bad) {
      const res = await api(srv.url, 'POST', '/api/bookings', payload);
      expect({ status: res.status, message: res.body.message }).toEqual({ status, message });
    }
  });

  it("GET /api/bookings/mine: 401 for a visitor, the user's own bookings with a session", async () => {
    const [user] = await srv.db.sql<{ id: number }>(
      `insert into users (username, password, email) values ('erin', 'x', 'erin@example.com') returning id`,
    );
    if (!user) throw new Error('no user');
    const { token } = await createSession(srv.db.em(), user.id, false);
    const cookie = { cookie: `stayhub_session=${token}` };
    const property = await createProperty(srv.db.em());
    const checkIn = addDays(todayIso(), 170);
    const created = await api(
      srv.url,
      'POST',
      '/api/bookings',
      {
        propertyId: property.id,
        userId: 999,
        checkIn,
        checkOut: addDays(checkIn, 1),
        guests: 1,
        contactInfo,
      },
      cookie,
    );
    expect(created.status).toBe(200);
    expect(created.body.userId).toBe(user.id);
    expect((await api(srv.url, 'GET', '/api/bookings/mine')).status).toBe(401);
    const mine = await api(srv.url, 'GET', '/api/bookings/mine', undefined, cookie);
    expect(mine.status).toBe(200);
    expect(mine.body.map((b: { id: number }) => b.id)).toEqual([created.body.id]);
  });
});
