import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/server/services/auth/sessions.ts';
import { LOGIN_LIMITS } from '../../src/server/services/auth/rate-limit.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import type { TProperty } from '../../src/shared/schemas/property.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { createTestDatabase, type TTestDb } from '../support/db.ts';
import { imageDataUrls } from '../support/fixtures.ts';
import { spawnServer, type TServerProcess } from '../support/process.ts';
import { startS3Server, type TS3Server } from '../support/s3.ts';
import { api } from '../support/server.ts';

/**
 * Two real server processes (the built entry, as `npm start` runs it) on one PostgreSQL and one
 * S3-compatible media store, as behind a load balancer (docs/decisions.md#stateless): requests alternate between them.
 */
let db: TTestDb;
let s3: TS3Server;
let servers: [TServerProcess, TServerProcess];

beforeAll(async () => {
  db = await createTestDatabase();
  s3 = await startS3Server();
  const env = { DATABASE_URL: db.url, ...s3.env, LOG_LEVEL: 'silent' };
  // Both start at once, as a deployment rolls out: migrations and seeding serialise on advisory locks.
  servers = await Promise.all([spawnServer(env), spawnServer(env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all((servers ?? []).map((s) => s.kill()));
  await s3?.close();
  await db?.drop();
});

/** The i-th request's server, alternating A, B, A, B… */
const at = (i: number) => servers[i % 2]?.url ?? '';

function sessionToken(headers: Headers): string | undefined {
  const raw = headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return raw ? decodeURIComponent((raw.split(';')[0] ?? '').slice(SESSION_COOKIE.length + 1)) : undefined;
}
const withSession = (token: string) => ({ cookie: `${SESSION_COOKIE}=${token}` });

describe('two server processes on one database', () => {
  it('a session started on one is known to the other, and ends on both', async () => {
    const account = { username: 'roamer', email: 'roamer@example.com', password: 'roamer-pw-1' };
    const registered = await api(at(0), 'POST', '/api/auth/register', account);
    expect(registered.status).toBe(200);
    const token = sessionToken(registered.headers) ?? '';
    const me = await api(at(1), 'GET', '/api/auth/me', undefined, withSession(token));
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('roamer');

    expect((await api(at(1), 'POST', '/api/auth/logout', {}, withSession(token))).status).toBe(200);
    expect((await api(at(0), 'GET', '/api/auth/me', undefined, withSession(token))).status).toBe(401);
  });

  it('the login rate limit counts failures on both servers together', async () => {
    const account = { username: 'target', email: 'target@example.com', password: 'target-pw-1' };
    expect((await api(at(0), 'POST', '/api/auth/register', account)).status).toBe(200);
    const fail = (i: number) =>
      api(at(i), 'POST', '/api/auth/login', { username: account.username, password: 'wrong-password' });
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) expect((await fail(i)).status).toBe(401);
    // Either server now refuses: neither saw more than three of the five failures itself.
    for (const i of [0, 1]) {
      const blocked = await fail(i);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  describe('with a listing created through the first server', () => {
    let property: TProperty;

    beforeAll(async () => {
      const login = await api(at(0), 'POST', '/api/auth/login', TEST_ADMIN);
      expect(login.status).toBe(200);
      const res = await api(
        at(0),
        'POST',
        '/api/properties',
        {
          title: 'Two-server chalet',
          description: 'A chalet that any instance can show and book.',
          location: 'Zermatt, Switzerland',
          price: 300,
          bedrooms: 3,
          bathrooms: 2,
          maxGuests: 6,
          propertyType: 'house',
          amenities: ['Wifi'],
          categories: ['Mountain'],
          latitude: '46.0207',
          longitude: '7.7491',
          images: await imageDataUrls(5, { width: 900, height: 600 }),
          videos: [],
          showLogo: false,
        },
        withSession(sessionToken(login.headers) ?? ''),
      );
      expect(res.status).toBe(200);
      property = res.body as TProperty;
    });

    it('media uploaded through one server is served by the other', async () => {
      for (const url of property.images) {
        const [fromA, fromB] = await Promise.all([fetch(`${at(0)}${url}`), fetch(`${at(1)}${url}`)]);
        expect([fromA.status, fromB.status]).toEqual([200, 200]);
        expect(fromB.headers.get('content-type')).toBe('image/jpeg');
        expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
      }
      const variant = (property.images[0] ?? '').replace('.jpg', '-400.webp');
      expect((await fetch(`${at(1)}${variant}`)).status).toBe(200);
    });

    it('200 concurrent overlapping bookings spread over both: exactly one succeeds', async () => {
      const base = addDays(todayIso(), 60);
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          api(at(i), 'POST', '/api/bookings', {
            propertyId: property.id,
            // Every stay covers the night base+3, with varied starts and lengths.
            checkIn: addDays(base, i % 4),
            checkOut: addDays(base, 4 + (i % 3)),
            guests: 2,
            contactInfo: {
              name: 'Race Guest',
              email: 'race@example.com',
              phone: '+1 555 0199',
              country: 'Canada',
            },
          }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(199);
      // Both servers took part in the race, and each lost on its own side.
      expect(new Set(results.filter((_, i) => i % 2 === 0).map((r) => r.status)).has(409)).toBe(true);
      expect(new Set(results.filter((_, i) => i % 2 === 1).map((r) => r.status)).has(409)).toBe(true);
      const rows = await db.sql('select id from bookings where property_id = $1', [property.id]);
      expect(rows).toHaveLength(1);
    });
  });
});
