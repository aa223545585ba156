import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/server/services/auth/sessions.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { createProperty } from '../support/fixtures.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';

/**
 * Writes that race over the same dates answer 2xx or 409, never 5xx: a deadlock or serialization
 * failure between them is retried, and what still loses hears the usual conflict.
 */
let srv: TTestServer;
let admin: Record<string, string>;

const contactInfo = {
  name: 'Race Guest',
  email: 'race@example.com',
  phone: '+1 555 0199',
  country: 'Canada',
};

beforeAll(async () => {
  srv = await startTestServer();
  const login = await api(srv.url, 'POST', '/api/auth/login', TEST_ADMIN);
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
  admin = { cookie: cookie.split(';')[0] ?? '' };
});
afterAll(async () => {
  await srv.close();
});

async function overlappingPairs(propertyId: number) {
  return srv.db.sql(
    `select a.id, b.id from bookings a join bookings b
        on a.property_id = b.property_id and a.id < b.id
       and daterange(a.check_in, a.check_out, '[)') && daterange(b.check_in, b.check_out, '[)')
     where a.property_id = $1 and a.status in ('pending', 'confirmed') and b.status in ('pending', 'confirmed')`,
    [propertyId],
  );
}

const book = (propertyId: number, checkIn: string, nights = 3) =>
  api(srv.url, 'POST', '/api/bookings', {
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, nights),
    guests: 2,
    contactInfo,
  });

describe('a cancel racing rebookings of its dates', () => {
  it('cancel + 30 concurrent rebookings of the same dates: no 5xx, no double booking', async () => {
    const property = await createProperty(srv.db.em(), { maxGuests: 6 });
    for (let round = 0; round < 4; round++) {
      const checkIn = addDays(todayIso(), 40 + round * 10);
      const first = await book(property.id, checkIn);
      expect(first.status).toBe(200);
      const results = await Promise.all([
        api(srv.url, 'PUT', `/api/bookings/${first.body.id}/status`, { status: 'cancelled' }, admin),
        ...Array.from({ length: 30 }, (_, i) => book(property.id, addDays(checkIn, i % 2), 2 + (i % 2))),
      ]);
      const [cancel, ...rebookings] = results;
      expect(cancel?.status).toBe(200);
      const statuses = rebookings.map((r) => r.status);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
      for (const r of rebookings.filter((x) => x.status === 409))
        expect(r.body.message).toBe('These dates are no longer available');
      expect(await overlappingPairs(property.id)).toEqual([]);
    }
  });

  it('re-confirming cancelled bookings while others rebook their dates: 200 or 409, never 5xx', async () => {
    const property = await createProperty(srv.db.em(), { maxGuests: 6 });
    const checkIn = addDays(todayIso(), 120);
    const first = await book(property.id, checkIn);
    expect(first.status).toBe(200);
    const cancelled = await api(
      srv.url,
      'PUT',
      `/api/bookings/${first.body.id}/status`,
      { status: 'cancelled' },
      admin,
    );
    expect(cancelled.status).toBe(200);
    const results = await Promise.all([
      ...Array.from({ length: 3 }, () =>
        api(srv.url, 'PUT', `/api/bookings/${first.body.id}/status`, { status: 'confirmed' }, admin),
      ),
      ...Array.from({ length: 20 }, (_, i) => book(property.id, addDays(checkIn, i % 3), 2)),
    ]);
    expect(results.map((r) => r.status).filter((s) => s >= 500)).toEqual([]);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.message).toBe('These dates are no longer available');
    expect(await overlappingPairs(property.id)).toEqual([]);
  });
});

describe('clashing holds of one home', () => {
  /** A block row and its hold, in the caller's open transaction. */
  const hold = (client: pg.Client, propertyId: number, start: string, end: string) =>
    client.query(
      `with b as (insert into calendar_blocks (property_id, start_date, end_date) values ($1, $2, $3) returning id)
       insert into date_holds (property_id, start_date, end_date, block_id) select $1, $2, $3, id from b`,
      [propertyId, start, end],
    );

  it('are written in turn: the later one is refused (23P01), never left to deadlock (40P01)', async () => {
    // Without the home's writer lock, B's clashing row sits in the exclusion index while B waits for A,
    // and A's next hold, clashing with B's only, waits for B: a deadlock that PostgreSQL breaks after 1 s.
    const property = await createProperty(srv.db.em(), { maxGuests: 2 });
    const day = (n: number) => addDays(todayIso(), 200 + n);
    const [a, b] = [new pg.Client(srv.db.url), new pg.Client(srv.db.url)];
    await Promise.all([a.connect(), b.connect()]);
    try {
      await a.query('begin');
      await b.query('begin');
      await hold(a, property.id, day(1), day(3));
      const late = hold(b, property.id, day(2), day(6)).then(
        () => 'written',
        (err: { code?: string }) => err.code,
      );
      await new Promise((r) => setTimeout(r, 200));
      await hold(a, property.id, day(5), day(7));
      await a.query('commit');
      expect(await late).toBe('23P01');
    } finally {
      await b.query('rollback').catch(() => undefined);
      await Promise.all([a.end(), b.end()]);
    }
  });
});
