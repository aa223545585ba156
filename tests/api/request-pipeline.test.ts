import http from 'node:http';
import zlib from 'node:zlib';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/server/router.ts';
import { metaOf, PRIVATE_CACHE, PUBLIC_CACHE, type TRouteMeta } from '../../src/server/route-meta.ts';
import { TRPC_MAX_BATCH } from '../../src/shared/constants.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { createProperty } from '../support/fixtures.ts';
import { startTestServer, type TTestServer } from '../support/server.ts';

/**
 * The one pipeline for /trpc and /api: cache headers, body limits and the refusal of a body the caller may
 * not send all come from each procedure's meta. The procedures are read from the router, never listed.
 */

let srv: TTestServer;
let propertyId = 0;

interface TProcedureInfo {
  path: string;
  type: string;
  meta: TRouteMeta;
  /** The procedure takes no input at all (its tRPC call then sends none). */
  takesNothing: boolean;
}

type TParser = { safeParse(v: unknown): { success: boolean } };
const procedures: TProcedureInfo[] = Object.entries(
  appRouter._def.procedures as unknown as Record<
    string,
    { _def: { type: string; meta?: unknown; inputs: TParser[] } }
  >,
).map(([path, p]) => ({
  path,
  type: p._def.type,
  meta: metaOf(p),
  takesNothing: p._def.inputs.every((i) => i.safeParse(undefined).success),
}));
const getQueries = procedures.filter((p) => p.type === 'query' && p.meta.openapi?.method === 'GET');

beforeAll(async () => {
  srv = await startTestServer();
  propertyId = (await createProperty(srv.db.em(), { title: 'Pipeline home' })).id;
});
afterAll(async () => {
  await srv.close();
});

const today = new Date();
const isoDay = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
const STAY = { checkIn: isoDay(30), checkOut: isoDay(33) };

/** The input a GET procedure's REST path and tRPC call are given: ids name the test home. */
function inputFor(p: TProcedureInfo): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [, name] of (p.meta.openapi?.path ?? '').matchAll(/\{(\w+)\}/g))
    input[name as string] = /id$/i.test(name as string) ? propertyId : 'x';
  if (p.path === 'bookings.quote') Object.assign(input, { propertyId }, STAY);
  return input;
}

function restUrl(p: TProcedureInfo, input: Record<string, unknown>): string {
  const query = new URLSearchParams();
  let path = p.meta.openapi?.path ?? '';
  for (const [key, value] of Object.entries(input)) {
    if (path.includes(`{${key}}`)) path = path.replace(`{${key}}`, String(value));
    else query.set(key, String(value));
  }
  return `/api${path}${query.size > 0 ? `?${query.toString()}` : ''}`;
}

function trpcUrl(path: string, input: unknown): string {
  return `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
}

async function cacheControl(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; cache: string | null }> {
  const res = await fetch(`${srv.url}${url}`, init);
  await res.arrayBuffer();
  return { status: res.status, cache: res.headers.get('cache-control') };
}

describe('cache headers come from each procedure meta, over both transports', () => {
  it('covers every GET procedure', async () => {
    expect(getQueries.length).toBeGreaterThan(10);
    for (const p of getQueries) {
      const input = inputFor(p);
      const expected = p.meta.cache ? PUBLIC_CACHE : PRIVATE_CACHE;
      for (const url of [restUrl(p, input), trpcUrl(p.path, p.takesNothing ? undefined : input)]) {
        const got = await cacheControl(url);
        if (p.meta.cache) expect({ url, ...got }).toEqual({ url, status: 200, cache: expected });
        else expect({ url, cache: got.cache }).toEqual({ url, cache: PRIVATE_CACHE });
      }
    }
  });

  it('the quote, which tells availability, is private on /api, /API and /trpc', async () => {
    const quote = getQueries.find((p) => p.path === 'bookings.quote');
    if (!quote) throw new Error('bookings.quote has no GET path');
    const rest = restUrl(quote, inputFor(quote));
    for (const url of [
      rest,
      rest.replace('/api/bookings/quote', '/API/BOOKINGS/QUOTE'),
      trpcUrl('bookings.quote', inputFor(quote)),
    ])
      expect({ url, ...(await cacheControl(url)) }).toEqual({ url, status: 200, cache: PRIVATE_CACHE });
  });

  it('a dated search is private, the same search without dates is public', async () => {
    const undated = { location: 'Miami' };
    const dated = { ...undated, ...STAY };
    expect(
      (await cacheControl(`/api/search/properties?${new URLSearchParams(undated).toString()}`)).cache,
    ).toBe(PUBLIC_CACHE);
    expect(
      (await cacheControl(`/api/search/properties?${new URLSearchParams(dated).toString()}`)).cache,
    ).toBe(PRIVATE_CACHE);
    expect((await cacheControl(trpcUrl('properties.search', undated))).cache).toBe(PUBLIC_CACHE);
    expect((await cacheControl(trpcUrl('properties.search', dated))).cache).toBe(PRIVATE_CACHE);
  });

  it('an answer that sets a cookie is never public', async () => {
    // An unknown session cookie is cleared on the answer: a public read then carries Set-Cookie.
    for (const url of [`/api/properties/${propertyId}`, trpcUrl('properties.byId', { id: propertyId })]) {
      const res = await fetch(`${srv.url}${url}`, { headers: { cookie: 'stayhub_session=not-a-session' } });
      await res.arrayBuffer();
      expect(res.headers.get('set-cookie')).toBeTruthy();
      expect(res.headers.get('cache-control')).toBe(PRIVATE_CACHE);
    }
  });

  it('a batch is public only when every call in it is', async () => {
    const both = `/trpc/properties.byId,bookings.quote?batch=1&input=${encodeURIComponent(
      JSON.stringify({
        0: superjson.serialize({ id: propertyId }),
        1: superjson.serialize({ propertyId, ...STAY }),
      }),
    )}`;
    expect(await cacheControl(both)).toEqual({ status: 200, cache: PRIVATE_CACHE });
  });
});

/** Sends a request's headers and the first bytes of its body, and answers when the server answers. */
function partialPost(
  path: string,
  headers: Record<string, string | number>,
  firstBytes: Buffer,
): Promise<{ status: number; body: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(`${srv.url}${path}`, { method: 'POST', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, ms: Date.now() - started });
      });
    });
    req.on('error', reject);
    req.write(firstBytes);
  });
}

describe('bodies are admitted before they are read', () => {
  const json = { 'content-type': 'application/json' };

  it('an anonymous caller of an admin procedure is refused before its 100 MB body is sent', async () => {
    for (const path of ['/api/properties', '/API/PROPERTIES', '/trpc/properties.create']) {
      const got = await partialPost(
        path,
        { ...json, 'content-length': 100 * 1024 * 1024 },
        Buffer.from('{"title":"'),
      );
      expect({ path, status: got.status }).toEqual({ path, status: 401 });
      expect(got.body).toContain('Authentication required');
    }
  });

  it('a body over its procedure limit is refused with 413 before it is read', async () => {
    for (const path of ['/api/auth/login', '/trpc/auth.login', '/api/contact']) {
      const got = await partialPost(
        path,
        { ...json, 'content-length': 5 * 1024 * 1024 },
        Buffer.from('{"a":"'),
      );
      expect({ path, status: got.status }).toEqual({ path, status: 413 });
    }
  });

  it('a compressed body (a gzip bomb) is refused without being inflated', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20));
    for (const path of ['/api/bookings', '/trpc/bookings.create', '/api/auth/register']) {
      const got = await partialPost(
        path,
        { ...json, 'content-encoding': 'gzip', 'content-length': bomb.length },
        bomb,
      );
      expect({ path, status: got.status }).toEqual({ path, status: 415 });
    }
  });

  it('hostile bodies leave memory where it was, and each is answered within a second', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(100 * 1024 * 1024, 0x20));
    global.gc?.();
    const before = process.memoryUsage().rss;
    const hostile = [
      ...Array.from({ length: 10 }, () =>
        partialPost(
          '/api/properties',
          { ...json, 'content-length': 100 * 1024 * 1024 },
          Buffer.alloc(64 * 1024, 0x20),
        ),
      ),
      ...Array.from({ length: 10 }, () =>
        partialPost(
          '/api/bookings',
          { ...json, 'content-encoding': 'gzip', 'content-length': bomb.length },
          bomb,
        ),
      ),
    ];
    const answers = await Promise.all(hostile);
    for (const a of answers) {
      expect(a.status).toBeGreaterThanOrEqual(400);
      expect(a.status).toBeLessThan(500);
      expect(a.ms).toBeLessThan(1000);
    }
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('a signed-in admin may still send a large body to a media procedure', async () => {
    const login = await fetch(`${srv.url}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(TEST_ADMIN),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const res = await fetch(`${srv.url}/api/properties`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ title: 'x', padding: 'y'.repeat(2 * 1024 * 1024) }),
    });
    // Read and validated (400 for the missing fields), not refused for its size.
    expect(res.status).toBe(400);
  });
});

describe('hostile structure', () => {
  const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

  it('a 5,000-deep JSON body is a 400 on every transport', async () => {
    for (const path of ['/trpc/contact.send', '/api/contact', '/api/auth/register', '/API/bookings']) {
      const res = await fetch(`${srv.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: path.startsWith('/trpc') ? `{"json":${deep(5000)}}` : deep(5000),
      });
      await res.arrayBuffer();
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
    }
  });

  it(`a tRPC batch of more than ${TRPC_MAX_BATCH} calls is refused`, async () => {
    const names = Array.from({ length: TRPC_MAX_BATCH + 1 }, () => 'config.get').join(',');
    const res = await fetch(`${srv.url}/trpc/${names}?batch=1&input={}`);
    await res.arrayBuffer();
    expect(res.status).toBe(400);
    const ok = await fetch(`${srv.url}/trpc/${names.split(',').slice(1).join(',')}?batch=1&input={}`);
    await ok.arrayBuffer();
    expect(ok.status).toBe(200);
  });
});

describe('metrics labels come from a fixed set of route templates', () => {
  it('random paths, ids and tokens never become labels', async () => {
    const token = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
    await fetch(`${srv.url}/api/bookings/manage/${token}`).then((r) => r.arrayBuffer());
    await fetch(`${srv.url}/api/properties/${propertyId}`).then((r) => r.arrayBuffer());
    const before = (await (await fetch(`${srv.url}/metrics`)).text()).length;
    for (let i = 0; i < 200; i++) {
      const junk = `${Math.random().toString(36).slice(2)}${i}`;
      await Promise.all(
        [`/api/${junk}`, `/trpc/${junk}`, `/api/bookings/manage/${junk}${token}`, `/${junk}`].map((p) =>
          fetch(`${srv.url}${p}`).then((r) => r.arrayBuffer()),
        ),
      );
    }
    const text = await (await fetch(`${srv.url}/metrics`)).text();
    expect(text).not.toContain(token);
    expect(text).toContain('route="/api/properties/{id}"');
    // The counters grow; the set of series does not (a few new fixed labels at most).
    expect(text.length - before).toBeLessThan(20_000);
  });
});
