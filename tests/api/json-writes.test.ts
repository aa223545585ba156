import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextFactory, type TServerDeps } from '../../src/server/context.ts';
import { createApp } from '../../src/server/http/app.ts';
import { appRouter } from '../../src/server/router.ts';
import { jsonWritesFastPath } from '../../src/server/http/json-writes.ts';
import { hashPassword } from '../../src/server/services/auth/passwords.ts';
import { LOGIN_LIMITS } from '../../src/server/services/auth/rate-limit.ts';
import { SESSION_COOKIE } from '../../src/server/services/auth/sessions.ts';
import { localMediaStore } from '../../src/server/services/media/store.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { createProperty } from '../support/fixtures.ts';
import { startTestServer, type TTestServer } from '../support/server.ts';

let srv: TTestServer;
/** The same app with every request left to Express, on the same database. */
let reference: http.Server;
let referenceUrl: string;
let propertyId: number;
let deps: TServerDeps;
const contactInfo = { name: 'Fast Path', email: 'fast@example.com', phone: '+1 555 0100', country: 'US' };

beforeAll(async () => {
  srv = await startTestServer();
  propertyId = (await createProperty(srv.db.em(), { title: 'Fast write home', maxGuests: 4 })).id;
  deps = { orm: srv.server.db.orm, env: srv.env, media: localMediaStore(srv.env.mediaDir) };
  reference = http.createServer(createApp(deps, { fastPaths: false }));
  await new Promise<void>((resolve) => reference.listen(0, '127.0.0.1', resolve));
  referenceUrl = `http://127.0.0.1:${(reference.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => reference.close(resolve));
  await srv.close();
});

interface TAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Headers that differ between any two answers (time, ids) or follow from a body that differs. */
const VOLATILE = new Set(['date', 'x-request-id', 'content-length', 'etag']);

async function post(
  base: string,
  body: string,
  headers: Record<string, string> = {},
  path = '/api/bookings',
): Promise<TAnswer> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: compared as text
  }
  return {
    status: res.status,
    headers: Object.fromEntries([...res.headers].filter(([name]) => !VOLATILE.has(name))),
    body: parsed,
  };
}

const viaFastPath = (body: string, headers?: Record<string, string>) => post(srv.url, body, headers);
const viaExpress = (body: string, headers?: Record<string, string>) => post(referenceUrl, body, headers);

/** A booking of `nights` nights starting `offset` days from today. */
function stay(offset: number, extra: Record<string, unknown> = {}): string {
  const checkIn = addDays(todayIso(), offset);
  return JSON.stringify({
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, 2),
    guests: 2,
    contactInfo,
    ...extra,
  });
}

describe('JSON writes fast path (POST /api/bookings past Express)', () => {
  it('books, answering with the status, headers and body shape Express gives a booking', async () => {
    const fast = await viaFastPath(stay(40));
    const express = await viaExpress(stay(50));
    expect(fast.status).toBe(200);
    expect(fast.headers).toEqual(express.headers);
    expect(fast.headers['cache-control']).toBe('private, no-store');
    const keys = (a: TAnswer) => Object.keys(a.body as object).sort();
    expect(keys(fast)).toEqual(keys(express));
    expect(fast.body).toMatchObject({ propertyId, status: 'pending', nights: 2 });
    const rows = await srv.db.sql<{ n: number }>(
      `select count(*)::int as n from bookings b join booking_links l on l.booking_id = b.id where b.property_id = ${propertyId}`,
    );
    expect(rows[0]?.n).toBe(2);
  });

  it('answers every failure exactly as Express does', async () => {
    await viaFastPath(stay(70));
    const cases: [string, string, Record<string, string>?][] = [
      ['dates taken', stay(70)],
      ['a changed price', stay(90, { totalPrice: 1 })],
      ['too many guests', stay(90, { guests: 9 })],
      ['no such property', stay(90, { propertyId: 999_999 })],
      ['a property id that is not a number', stay(90, { propertyId: 'abc' })],
      ['a bad e-mail', stay(90, { contactInfo: { ...contactInfo, email: 'nope' } })],
      ['an empty object', '{}'],
      ['an array', '[]'],
      ['malformed JSON', '{"propertyId":'],
      ['JSON that is not an object or an array', '"a string"'],
      ['a number', ' 42'],
      ['a cross-site call', stay(90), { 'sec-fetch-site': 'cross-site' }],
      ['a foreign Origin', stay(90), { origin: 'https://evil.example' }],
      ['a body that is not JSON', stay(90), { 'content-type': 'text/plain' }],
      ['a charset other than UTF-8', stay(90), { 'content-type': 'application/json; charset=latin1' }],
      ['a body over 100 kB', stay(90, { contactInfo: { ...contactInfo, name: 'x'.repeat(110_000) } })],
    ];
    for (const [name, body, headers] of cases) {
      const fast = await viaFastPath(body, headers);
      const express = await viaExpress(body, headers);
      expect(fast.status, name).toBeGreaterThanOrEqual(400);
      expect({ name, ...fast }).toEqual({ name, ...express });
    }
    // Nothing was booked by any of them.
    const rows = await srv.db.sql<{ n: number }>(
      `select count(*)::int as n from bookings where property_id = ${propertyId} and check_in >= '${addDays(todayIso(), 80)}'`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('signs in, and refuses a sign-in, exactly as Express does', async () => {
    await srv.db.sql(
      `insert into users (username, password, email) values ('writer', '${await hashPassword('a-good-password')}', 'writer@example.com')`,
    );
    const login = (base: string, body: unknown) => post(base, JSON.stringify(body), {}, '/api/auth/login');
    const withoutCookie = (a: TAnswer) => {
      const { 'set-cookie': cookie, ...headers } = a.headers;
      expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
      return { ...a, headers };
    };
    const good = { username: 'writer', password: 'a-good-password' };
    expect(withoutCookie(await login(srv.url, good))).toEqual(withoutCookie(await login(referenceUrl, good)));
    const refused: unknown[] = [
      { username: 'writer', password: 'not-the-password' },
      { username: 'nobody-at-all', password: 'whatever-it-is' },
      { username: 'writer' },
      { username: '', password: '' },
    ];
    for (const body of refused) {
      const fast = await login(srv.url, body);
      expect(fast.status).toBeGreaterThanOrEqual(400);
      expect({ sent: body, ...fast }).toEqual({ sent: body, ...(await login(referenceUrl, body)) });
    }
    // Past the account's limit both answer 429 with Retry-After (its seconds may differ by one between them).
    const guess = { username: 'writer', password: 'another-guess' };
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) await login(srv.url, guess);
    const [fast, express] = [await login(srv.url, guess), await login(referenceUrl, guess)];
    expect([fast.status, fast.headers['retry-after']]).toEqual([429, expect.stringMatching(/^\d+$/)]);
    const shape = (a: TAnswer) => ({
      ...a,
      headers: { ...a.headers, 'retry-after': 'n' },
      body: { ...(a.body as object), details: 'n', data: 'n' },
    });
    expect(shape(fast)).toEqual(shape(express));
  });

  it('takes only a plain JSON POST to a listed procedure; the rest go on to Express', async () => {
    const fastPath = jsonWritesFastPath({
      router: appRouter,
      createContext: contextFactory(deps),
      onError: () => undefined,
      procedures: ['bookings.create'],
      bodyLimit: 1000,
      handParseError: (_req, res, err) => void res.writeHead(400).end(`handed: ${err.message}`),
    });
    const server = http.createServer((req, res) => {
      if (!fastPath(req, res, () => undefined)) res.writeHead(418).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const send = (path: string, body: string, headers: Record<string, string> = {}, method = 'POST') =>
      fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body });
    try {
      const taken = await send('/api/bookings?directAdmin=true', stay(120));
      expect(taken.status).toBe(200);
      expect(taken.headers.get('cache-control')).toBe('private, no-store');
      expect(await taken.json()).toMatchObject({ propertyId, status: 'pending' });
      // Taken, and refused by the procedure's own schema: the fast path answers.
      for (const [body, type] of [
        ['{"a":1}', 'application/json'],
        ['[1]', 'application/json; charset=UTF-8'],
      ]) {
        const refused = await send('/api/bookings', body ?? '', { 'content-type': type ?? '' });
        expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([
          400,
          'BAD_REQUEST',
        ]);
      }
      const handed = await send('/api/bookings', ' "text"');
      expect([handed.status, await handed.text()]).toEqual([400, expect.stringMatching(/^handed: /)]);
      const left: [string, string, Record<string, string>?, string?][] = [
        ['/api/bookings', '{}', { 'sec-fetch-site': 'cross-site' }],
        ['/api/bookings', '{}', { 'content-type': 'application/json; charset=utf-16' }],
        ['/api/bookings', '{}', { 'content-type': 'text/plain' }],
        ['/api/bookings', '{}', { 'content-encoding': 'gzip' }],
        ['/api/bookings', JSON.stringify({ a: 'x'.repeat(1000) })],
        ['/api/bookings', '{}', {}, 'PUT'],
        ['/api/book%69ngs', '{}'],
        ['/api/auth/login', '{}'],
      ];
      for (const [path, body, headers, method] of left)
        expect([path, headers, method, (await send(path, body, headers, method)).status]).toEqual([
          path,
          headers,
          method,
          418,
        ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses at start-up a procedure that is not an OpenAPI POST mutation', () => {
    const make = (procedures: string[]) => () =>
      jsonWritesFastPath({
        router: appRouter,
        createContext: contextFactory(deps),
        onError: () => undefined,
        procedures,
        bodyLimit: 1,
        handParseError: () => undefined,
      });
    expect(make(['properties.byId'])).toThrow(/not an OpenAPI POST mutation/);
    expect(make(['bookings.nope'])).toThrow(/not an OpenAPI POST mutation/);
    expect(make(['bookings.create'])).not.toThrow();
  });
});
