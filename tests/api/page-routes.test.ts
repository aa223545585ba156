import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import {
  documentTitle,
  matchPageRoute,
  NOT_FOUND_TITLE,
  PAGE_ROUTES,
  type TPagePath,
} from '../../src/shared/route-manifest.ts';
import { requestPasswordReset } from '../../src/server/services/auth/password-reset.ts';
import { getSettings, updateSettings } from '../../src/server/services/settings/settings.ts';
import { GUEST_CONTACT } from '../support/calls.ts';
import { createProperty } from '../support/fixtures.ts';
import { api, startTestServer, type TTestServer } from '../support/server.ts';
import { tempDir } from '../support/tmp.ts';

/**
 * Every page of the client's route tree answers a direct load from the route manifest: 200 with its
 * title and robots, and 404 for anything else; canonical URLs never come from the request's Host.
 */
const SITE = 'Harbour Stays';
const PUBLIC = 'https://stays.example';
const INDEX =
  '<!doctype html><html><head><title>t</title><script type="module" src="/assets/main.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

interface TClientRoute {
  fullPath: string;
  children?: unknown;
}
interface TClientRouter {
  routesById: Record<string, TClientRoute>;
  getMatchedRoutes(pathname: string): [unknown, unknown, TClientRoute | undefined];
}
/** An index route's path ends in a slash ('/admin/'); the manifest writes it as links do. */
const linkPath = (fullPath: string) => fullPath.replace(/(.)\/$/, '$1');

/** The client's router on its generated route tree (src/client/router.tsx), as the browser gets it. */
async function clientRouter(): Promise<TClientRouter> {
  // Through a variable: the client's modules are not part of this (server) program's typecheck.
  const file = path.resolve('src/client/router.tsx');
  return ((await import(/* @vite-ignore */ file)) as { router: TClientRouter }).router;
}

let srv: TTestServer;
let router: TClientRouter;
/** The client's pages: each leaf of its route tree. */
let paths: string[];
let property: { id: number; title: string };
/** Real values for each parameterised page: a listing, a booking with its manage link, a reset link. */
let params: Partial<Record<TPagePath, Record<string, string | number>>>;

const get = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    // node:http rather than fetch: the test sets its own Host header.
    http
      .get(url, { headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
const titleOf = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1];
const robotsOf = (html: string) => /<meta name="robots" content="([^"]*)"/.exec(html)?.[1];
const unescape = (s: string | undefined) =>
  s?.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)));

beforeAll(async () => {
  router = await clientRouter();
  paths = Object.values(router.routesById)
    .filter((r) => !r.children)
    .map((r) => linkPath(r.fullPath));
  const clientDir = tempDir('client-');
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  srv = await startTestServer({ clientDir, publicUrl: PUBLIC });
  const em = srv.server.db.orm.em.fork();
  await updateSettings(em, { ...(await getSettings(em)), siteName: SITE }, null);
  const home = await createProperty(em, { title: 'Cliff house & "studio"', maxGuests: 4 });
  property = { id: home.id, title: home.title };
  const checkIn = addDays(todayIso(), 30);
  const booked = await api(srv.url, 'POST', '/api/bookings', {
    propertyId: home.id,
    checkIn,
    checkOut: addDays(checkIn, 2),
    guests: 2,
    contactInfo: GUEST_CONTACT,
  });
  expect(booked.status).toBe(200);
  const account = { username: 'rosa', email: 'rosa@example.com', password: 'long-enough-1' };
  expect((await api(srv.url, 'POST', '/api/auth/register', account)).status).toBe(200);
  let resetToken = '';
  await requestPasswordReset(em.fork(), { email: account.email }, { ip: '10.9.8.7' }, (_tx, _to, token) => {
    resetToken = token;
    return Promise.resolve();
  });
  expect(resetToken).not.toBe('');
  params = {
    '/property/$id': { id: home.id },
    '/book/$id': { id: home.id },
    '/bookings/$id': { id: booked.body.id },
    '/manage/$token': { token: booked.body.manageToken },
    // Any token shape opens the page; the page itself asks the API whether the link is valid.
    '/messages/$token': { token: 'a'.repeat(32) },
    '/reset-password/$token': { token: resetToken },
    // The page reads nothing until its button is pressed: any token-shaped value loads it as a real one.
    '/undo-email-change/$token': { token: 'a'.repeat(32) },
    '/admin/calendar/$id': { id: home.id },
    // The page asks the API about the invitation once loaded: a token-shaped value loads it.
    '/team/join/$token': { token: 'a'.repeat(32) },
  };
}, 120_000);
afterAll(async () => {
  await srv?.close();
});

describe('the route manifest', () => {
  it('lists every page of the client route tree, and nothing else', () => {
    expect(paths.length).toBeGreaterThan(20);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...PAGE_ROUTES.map((r) => r.path)].sort()).toEqual([...paths].sort());
  });

  it('answers a direct load of each page 200 with its title and robots, guest, account, manage and admin alike', async () => {
    for (const pattern of paths) {
      const route = PAGE_ROUTES.find((r) => r.path === pattern);
      if (!route) throw new Error(`${pattern} is not in the route manifest`);
      const values = params[route.path] ?? {};
      const concrete = pattern.replace(/\$(\w+)/g, (_, name: string) => {
        const value = values[name];
        if (value === undefined)
          throw new Error(`no real value for ${name} in ${pattern}: add one to params`);
        return encodeURIComponent(String(value));
      });
      // The value stands for the parameter: the client's router takes the path to this very route.
      expect(linkPath(router.getMatchedRoutes(concrete)[2]?.fullPath ?? ''), concrete).toBe(pattern);
      const res = await get(`${srv.url}${concrete}`);
      expect(res.status, concrete).toBe(200);
      const page = route.path === '/property/$id' ? property.title : route.title;
      expect(unescape(titleOf(res.body)), concrete).toBe(documentTitle(page, SITE));
      expect(robotsOf(res.body), concrete).toBe(route.indexable ? undefined : 'noindex');
      // A page kept from search engines names no canonical URL (a manage link's would carry its token).
      expect(res.body.includes('rel="canonical"'), concrete).toBe(route.indexable);
    }
  });

  it('answers 404 with noindex and the not-found title for a path that is no page, or a listing that is gone', async () => {
    for (const p of [
      '/no-such-page',
      '/admin/nothing',
      '/property/abc',
      '/property/99999999',
      '/manage',
      '/about/x',
    ]) {
      const res = await get(`${srv.url}${p}`);
      expect(res.status, p).toBe(404);
      expect(unescape(titleOf(res.body)), p).toBe(documentTitle(NOT_FOUND_TITLE, SITE));
      expect(robotsOf(res.body), p).toBe('noindex');
      expect(res.body, p).not.toContain('rel="canonical"');
    }
  });

  it('matches a trailing slash and any case, as the client router does, and names one canonical URL', async () => {
    expect(router.getMatchedRoutes('/Help/')[2]?.fullPath).toBe('/help');
    const res = await get(`${srv.url}/Help/`);
    expect(res.status).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC}/help" />`);
    expect(router.getMatchedRoutes('/ADMIN/calendar/7/')[2]?.fullPath).toBe('/admin/calendar/$id');
    expect(matchPageRoute('/ADMIN/calendar/7/')?.path).toBe('/admin/calendar/7');
    expect(matchPageRoute('/property/0')).toBeUndefined();
    expect(matchPageRoute('/property/2147483648')).toBeUndefined();
  });

  it('lists the indexable pages without parameters, and the live listings, in the sitemap', async () => {
    const xml = (await get(`${srv.url}/sitemap.xml`)).body;
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    const pages = PAGE_ROUTES.filter((r) => r.indexable && !r.path.includes('$')).map(
      (r) => `${PUBLIC}${r.path}`,
    );
    expect(locs).toEqual([...pages, `${PUBLIC}/property/${property.id}`]);
  });
});

describe('canonical URLs and the Host header', () => {
  const EVIL = 'evil.example';

  it('with PUBLIC_URL, canonical, og:url, og:image, JSON-LD and the sitemap use it, whatever the Host', async () => {
    for (const url of [`/property/${property.id}`, '/', '/sitemap.xml', '/robots.txt']) {
      const { body } = await get(`${srv.url}${url}`, { host: EVIL });
      expect(body, url).not.toContain(EVIL);
      expect(body, url).toContain(PUBLIC);
    }
    const { body } = await get(`${srv.url}/property/${property.id}`, { host: EVIL });
    expect(body).toContain(`<link rel="canonical" href="${PUBLIC}/property/${property.id}" />`);
    expect(body).toContain(`<meta property="og:url" content="${PUBLIC}/property/${property.id}" />`);
    expect(body).toMatch(new RegExp(`<meta property="og:image" content="${PUBLIC}/media/`));
  });

  it('without PUBLIC_URL, they are relative or left out, never built on the Host', async () => {
    const clientDir = tempDir('client-');
    fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX);
    const bare = await startTestServer({ clientDir });
    try {
      const home = await createProperty(bare.server.db.orm.em.fork());
      for (const url of [`/property/${home.id}`, '/', '/about', '/sitemap.xml', '/robots.txt']) {
        const { status, body } = await get(`${bare.url}${url}`, { host: EVIL });
        expect(status, url).toBe(200);
        expect(body, url).not.toContain(EVIL);
      }
      const { body } = await get(`${bare.url}/property/${home.id}`, { host: EVIL });
      expect(body).toContain(`<link rel="canonical" href="/property/${home.id}" />`);
      // Both take only absolute URLs, and there is no trusted origin to build one on.
      expect(body).not.toContain('og:url');
      expect(body).not.toContain('og:image');
      const sitemap = (await get(`${bare.url}/sitemap.xml`, { host: EVIL })).body;
      expect(sitemap).toContain(`<loc>/property/${home.id}</loc>`);
    } finally {
      await bare.close();
    }
  });
});
