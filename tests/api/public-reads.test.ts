import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createOpenApiExpressMiddleware } from 'trpc-to-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextFactory, type TServerDeps } from '../../src/server/context.ts';
import { publicReadsFastPath } from '../../src/server/http/public-reads.ts';
import { appRouter } from '../../src/server/router.ts';
import { SESSION_COOKIE } from '../../src/server/services/auth/sessions.ts';
import { localMediaStore } from '../../src/server/services/media/store.ts';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { createProperty } from '../support/fixtures.ts';
import { startTestServer, type TTestServer } from '../support/server.ts';

let srv: TTestServer;
let deps: TServerDeps;
const servers: http.Server[] = [];
let propertyId: number;

async function listen(app: http.RequestListener): Promise<string> {
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function answer(base: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

beforeAll(async () => {
  srv = await startTestServer();
  deps = { orm: srv.server.db.orm, env: srv.env, media: localMediaStore(srv.env.mediaDir) };
  propertyId = (await createProperty(srv.db.em(), { title: 'Fast path home' })).id;
  await createProperty(srv.db.em(), { title: 'Second home', propertyType: 'villa' });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await srv.close();
});

describe('public reads fast path (GET under /api)', () => {
  it('answers exactly what trpc-to-openapi alone answers, successes and failures alike', async () => {
    const reference = express();
    reference.set('query parser', 'simple');
    reference.use(
      '/api',
      createOpenApiExpressMiddleware({
        router: appRouter,
        createContext: contextFactory(deps),
        responseMeta: undefined,
      }) as unknown as express.RequestHandler,
    );
    const adapterOnly = await listen(reference);
    const checkIn = addDays(todayIso(), 30);
    const checkOut = addDays(checkIn, 3);
    const paths = [
      `/api/properties/${propertyId}`,
      '/api/properties/424242',
      '/api/properties/abc',
      '/api/properties/-1',
      `/api/PROPERTIES/${propertyId}`,
      `/api/properties/${propertyId}/`,
      `/api/properties/%3${String(propertyId)[0]}`,
      '/api/properties',
      `/api/search/properties?guests=2&checkIn=${checkIn}&checkOut=${checkOut}`,
      '/api/search/properties?types=villa&amenities=Wifi&amenities=Pool&sort=price_asc',
      '/api/search/properties?types=villa',
      '/api/search/properties?sort=bogus',
      '/api/search/properties?guests=abc&category=',
      `/api/bookings/quote?propertyId=${propertyId}&checkIn=${checkIn}&checkOut=${checkOut}`,
      `/api/bookings/quote?propertyId=${propertyId}&checkIn=${checkOut}&checkOut=${checkIn}`,
      `/api/properties/${propertyId}/availability`,
      `/api/properties/${propertyId}/reviews`,
      `/api/properties/${propertyId}/stay-rules`,
      '/api/categories',
      '/api/config',
    ];
    for (const path of paths) {
      const ours = await answer(srv.url, path);
      expect({ path, ...ours }).toEqual({ path, ...(await answer(adapterOnly, path)) });
    }
  });

  it('answers successes itself and leaves everything else to the fallback', async () => {
    const fastPath = publicReadsFastPath({
      router: appRouter,
      createContext: contextFactory(deps),
      procedures: ['properties.byId', 'properties.search'],
    });
    const teapot = (_req: http.IncomingMessage, res: http.ServerResponse) => void res.writeHead(418).end();
    const base = await listen((req, res) => {
      if (!fastPath(req, res, () => teapot(req, res))) teapot(req, res);
    });
    expect((await answer(base, `/api/properties/${propertyId}`)).status).toBe(200);
    expect((await answer(base, '/api/search/properties?types=villa')).status).toBe(200);
    // A failure, a procedure not in the list, an unusual path: the fallback answers.
    expect((await answer(base, '/api/properties/424242')).status).toBe(418);
    expect((await answer(base, '/api/properties/abc')).status).toBe(418);
    expect((await answer(base, '/api/categories')).status).toBe(418);
    expect((await answer(base, `/api/properties/%3${String(propertyId)[0]}`)).status).toBe(418);
    const head = await fetch(`${base}/api/properties/${propertyId}`, { method: 'HEAD' });
    expect(head.status).toBe(418);
  });

  it('answers a read with the headers Express gives it: security, caching, request id, a 304 for its ETag', async () => {
    // The fast path takes lower-case /api/ only; Express routes the same read case-insensitively.
    const viaExpress = await fetch(`${srv.url}/API/properties/${propertyId}`);
    const viaFastPath = await fetch(`${srv.url}/api/properties/${propertyId}`);
    expect(viaFastPath.status).toBe(200);
    const names = (res: Response) =>
      [...res.headers.keys()].filter((n) => !['date', 'x-request-id', 'etag'].includes(n)).sort();
    expect(names(viaFastPath)).toEqual(names(viaExpress));
    for (const name of names(viaExpress))
      expect([name, viaFastPath.headers.get(name)]).toEqual([name, viaExpress.headers.get(name)]);
    expect(viaFastPath.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const etag = viaFastPath.headers.get('etag');
    expect(etag).toMatch(/^W\//);
    const again = await fetch(`${srv.url}/api/properties/${propertyId}`, {
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('refuses at start-up a procedure that is not an OpenAPI GET query', () => {
    const make = (procedures: string[]) => () =>
      publicReadsFastPath({ router: appRouter, createContext: contextFactory(deps), procedures });
    expect(make(['properties.create'])).toThrow(/not an OpenAPI GET query/);
    expect(make(['properties.nope'])).toThrow(/not an OpenAPI GET query/);
  });

  it('a failure handed to the adapter keeps the context: the stale session cookie is cleared once', async () => {
    const res = await fetch(`${srv.url}/api/properties/424242`, {
      headers: { cookie: `${SESSION_COOKIE}=not-a-live-session-token-at-all` },
    });
    expect(res.status).toBe(404);
    expect(res.headers.getSetCookie().filter((c) => c.startsWith(`${SESSION_COOKIE}=`))).toHaveLength(1);
  });
});
