import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates.ts';
import { TEST_ADMIN } from '../support/constants.ts';
import { createProperty } from '../support/fixtures.ts';
import { startTestServer, type TTestServer } from '../support/server.ts';

/** The filled first response, SEO files, HTTP caching and compression (docs/features.md#operations, docs/decisions.md#first-response). */
let srv: TTestServer;
const PUBLIC = 'https://stays.example';
let propertyId: number;
const INDEX =
  '<!doctype html><html><head><title>StayHub — holiday homes</title><meta name="description" content="x" />' +
  '<script type="module" src="/assets/main-abc.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/main-abc.css"></head><body><div id="root"></div></body></html>';
const CSS =
  ':root{--used:4px;--unused:8px}@layer mantine{.listing-title{margin:var(--used)}.unused-class{color:red}}' +
  '@media (min-width:48em){.listing-title{font-size:2rem}.unused-class{color:blue}}body{margin:0}';
/**
 * A stand-in for the build's server bundle (src/client/first-screen/server-entry.tsx), which only a full
 * `vite build` makes: the pipeline's side of the contract. The e2e suite checks the real one.
 */
const SERVER_ENTRY = `export async function renderFirstScreen(url, data) {
  const listing = data.find(([key]) => JSON.stringify(key).includes('"byId"'))?.[1];
  const esc = (s) => s.replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
  return '<main class="page"><h1 class="listing-title">' + esc(listing?.title ?? 'Homes') + '</h1><p>' + esc(url) + '</p></main>';
}`;

/** Writes the stand-in server bundle and the manifest that names it into the client folder. */
function writeServerBundle(clientDir: string): void {
  fs.mkdirSync(path.join(clientDir, '.ssr', '.vite'), { recursive: true });
  fs.mkdirSync(path.join(clientDir, '.ssr', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, '.ssr', 'assets', 'server-entry-abc.js'), SERVER_ENTRY);
  fs.writeFileSync(
    path.join(clientDir, '.ssr', '.vite', 'manifest.json'),
    JSON.stringify({ 'server-entry.tsx': { file: 'assets/server-entry-abc.js', isEntry: true } }),
  );
}
let clientDir: string;

beforeAll(async () => {
  srv = await startTestServer();
  clientDir = path.join(srv.env.dataDir, 'client');
  fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(clientDir, 'assets', 'main-abc.css'), CSS);
  writeServerBundle(clientDir);
  const js = Buffer.from(`console.log(${JSON.stringify('x'.repeat(4000))});`);
  fs.writeFileSync(path.join(clientDir, 'assets', 'main-abc.js'), js);
  fs.writeFileSync(path.join(clientDir, 'assets', 'main-abc.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(clientDir, 'assets', 'main-abc.js.gz'), zlib.gzipSync(js));
  await srv.close();
  srv = await startTestServer({
    clientDir,
    dataDir: srv.env.dataDir,
    mediaDir: srv.env.mediaDir,
    publicUrl: PUBLIC,
  });
  const em = srv.server.db.orm.em.fork();
  const p = await createProperty(em, {
    title: 'Harbour loft with <views>',
    description: 'Bright loft over the old harbour.',
    location: 'Hobart, Tasmania',
  });
  await em.flush();
  propertyId = p.id;
});
afterAll(async () => {
  await srv.close();
});

describe('the first response', () => {
  it("carries a property's title, description, canonical, social preview, JSON-LD and data", async () => {
    const res = await fetch(`${srv.url}/property/${propertyId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Harbour loft with &#60;views&#62; · StayHub</title>');
    expect(html).toMatch(
      /<meta name="description" content="Hobart, Tasmania\. Bright loft over the old harbour\."/,
    );
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC}/property/${propertyId}" />`);
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/stays\.example\/media\/[0-9a]+\.jpg"/);
    expect(html).toMatch(/<link rel="preload" as="image" fetchpriority="high" href="\/media\//);
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    const parsed = JSON.parse(ld ?? '{}') as Record<string, unknown>;
    expect(parsed['@type']).toBe('VacationRental');
    expect(parsed.name).toBe('Harbour loft with <views>');
    expect(parsed.geo).toMatchObject({ latitude: 25.7617, longitude: -80.1918 });
    expect(parsed.address).toMatchObject({ addressLocality: 'Hobart', addressRegion: 'Tasmania' });
    const data = /<script id="__stayhub_data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data ?? '[]')).toEqual([
      [
        [['properties', 'byId'], { input: { id: propertyId }, type: 'query' }],
        expect.objectContaining({ id: propertyId }),
      ],
      // The home zone's clock: the booking card states its deadline without Intl's zone data.
      [
        [['properties', 'zoneClock'], { input: { zone: expect.any(String) }, type: 'query' }],
        expect.objectContaining({ zone: expect.any(String), spans: expect.any(Array) }),
      ],
      // What the booking card reads before it can draw a stay: taken nights, stay rules, fees.
      [[['bookings', 'availability'], { input: { id: propertyId }, type: 'query' }], expect.any(Array)],
      [
        [['bookings', 'stayRules'], { input: { id: propertyId }, type: 'query' }],
        expect.objectContaining({ minNights: expect.any(Number) }),
      ],
      [
        [['pricing', 'get'], { input: { id: propertyId }, type: 'query' }],
        expect.objectContaining({ propertyId }),
      ],
      // Its reviews, as the API answers them (below).
      [[['reviews', 'byProperty'], { input: { id: propertyId }, type: 'query' }], expect.any(Array)],
      // The public settings, which every page's header and footer read.
      [[['config', 'get'], { type: 'query' }], expect.objectContaining({ settings: expect.any(Object) })],
      // No session cookie came: the client is told the visitor is signed out, and asks no more.
      [['auth', 'session'], null],
    ]);
    // The image preload is found first: the app's script is asked for only once the first screen is
    // painted (the next describe).
    expect(html).not.toContain('<script type="module"');
  });

  it("carries a listing's reviews equal to the API's answer, and names the date pickers' files for later", async () => {
    const em = srv.server.db.orm.em.fork();
    await em
      .getConnection()
      .execute(
        `insert into reviews (property_id, user_name, date, rating, comment) values (?, 'Ines', '2026-03-02', 4, 'Lovely <b>light</b>')`,
        [propertyId],
      );
    const html = await (await fetch(`${srv.url}/property/${propertyId}`)).text();
    const data = /<script id="__stayhub_data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    const entries = JSON.parse(data ?? '[]') as [[unknown, { input?: unknown }], unknown][];
    const carried = entries.find(([key]) => JSON.stringify(key[0]) === '["reviews","byProperty"]');
    const input = { id: propertyId };
    const api = (await (
      await fetch(
        `${srv.url}/trpc/reviews.byProperty?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
      )
    ).json()) as { result: { data: { json: unknown } } };
    expect(carried?.[1]).toEqual(api.result.data.json);
    expect(carried?.[1]).toEqual([
      expect.objectContaining({ userName: 'Ines', comment: 'Lovely <b>light</b>' }),
    ]);
    // This test's client has no build manifest, so no later code to name.
    expect(html).not.toContain('stayhub:later-code');
  });

  it("carries the checkout's home, zone clock and booking reads, and preloads its summary's thumbnail and first screen", async () => {
    const html = await (await fetch(`${srv.url}/book/${propertyId}?checkIn=2030-01-01`)).text();
    expect(html).toContain('<title>Confirm and pay · StayHub</title>');
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect(html).toMatch(
      /<link rel="preload" as="image" fetchpriority="high" href="\/media\/[0-9a-f]+\.jpg" imagesrcset="[^"]+" imagesizes="112px"/,
    );
    const data = /<script id="__stayhub_data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    const keys = (JSON.parse(data ?? '[]') as [unknown, unknown][]).map(([key]) => key);
    // Without a whole stay in the URL, no quote.
    expect(keys).toEqual([
      [['properties', 'byId'], { input: { id: propertyId }, type: 'query' }],
      [['properties', 'zoneClock'], { input: { zone: expect.any(String) }, type: 'query' }],
      [['bookings', 'availability'], { input: { id: propertyId }, type: 'query' }],
      [['bookings', 'stayRules'], { input: { id: propertyId }, type: 'query' }],
      [['pricing', 'get'], { input: { id: propertyId }, type: 'query' }],
      [['config', 'get'], { type: 'query' }],
      ['auth', 'session'],
    ]);
    // Rendered by the server like a listing's: the app's code is asked for after it.
    expect(rootMarkup(html)).toContain('<h1 class="listing-title">Harbour loft with &#60;views&#62;</h1>');
    expect(html).toContain('<script data-entry="/assets/main-abc.js"');
    // The same text the missing home's page must not hold.
    expect(html).toContain('[["properties","byId"]');
    // A missing home: the plain page, which shows the client's not-found screen.
    const missing = await (await fetch(`${srv.url}/book/99999999`)).text();
    expect(missing).not.toContain('rel="preload" as="image"');
    expect(missing).not.toContain('[["properties","byId"]');
  });

  it("carries the quote for the checkout's stay, keyed as the checkout asks and equal to the API's answer", async () => {
    const checkIn = addDays(todayIso(), 40);
    const checkOut = addDays(checkIn, 3);
    const html = await (
      await fetch(`${srv.url}/book/${propertyId}?checkIn=${checkIn}&checkOut=${checkOut}&adults=2&children=1`)
    ).text();
    const data = /<script id="__stayhub_data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    const entries = JSON.parse(data ?? '[]') as [[unknown, { input?: unknown }], unknown][];
    const carried = entries.find(([key]) => JSON.stringify(key[0]) === '["bookings","quote"]');
    // The adults as the booking card clamps them, the others only when there are any (use-stay-quote.ts).
    const input = { propertyId, checkIn, checkOut, guests: 2, children: 1 };
    expect(carried?.[0][1]).toEqual({ input, type: 'query' });
    const api = (await (
      await fetch(
        `${srv.url}/trpc/bookings.quote?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
      )
    ).json()) as { result: { data: { json: unknown } } };
    expect(carried?.[1]).toEqual(api.result.data.json);
    expect(carried?.[1]).toMatchObject({ nights: 3, available: true });
  });

  it('answers 404 with the client page for unknown paths and missing listings', async () => {
    for (const p of ['/no-such-page', '/property/999999', '/admin/nothing']) {
      const res = await fetch(`${srv.url}${p}`);
      expect(res.status, p).toBe(404);
      expect(await res.text()).toContain('<div id="root">');
    }
    for (const p of ['/', '/about', '/admin', '/admin/calendar/3', '/manage/abc', '/bookings/4']) {
      expect((await fetch(`${srv.url}${p}`)).status, p).toBe(200);
    }
  });

  it('tells the client a visitor is signed out only when no session cookie came', async () => {
    const seeds = async (headers: Record<string, string>) => {
      const html = await (await fetch(`${srv.url}/about`, { headers })).text();
      const data = /<script id="__stayhub_data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
      return JSON.parse(data ?? '[]') as [unknown, unknown][];
    };
    const config = [
      [['config', 'get'], { type: 'query' }],
      await (await fetch(`${srv.url}/api/config`)).json(),
    ];
    expect(await seeds({})).toEqual([config, [['auth', 'session'], null]]);
    expect(await seeds({ cookie: 'theme=dark' })).toEqual([config, [['auth', 'session'], null]]);
    // A session cookie, valid or not, is for the server's session read to judge.
    expect(await seeds({ cookie: `stayhub_session=${'a'.repeat(32)}` })).toEqual([config]);
  });

  it('serves the home page with the first search page and the categories to hydrate', async () => {
    const html = await (await fetch(`${srv.url}/`)).text();
    const data = /<script id="__stayhub_data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    const entries = JSON.parse(data ?? '[]') as [unknown, unknown][];
    expect(entries.map(([key]) => key)).toEqual([
      [['properties', 'search'], { input: { limit: 12 }, type: 'infinite' }],
      [['categories', 'list'], { type: 'query' }],
      [['config', 'get'], { type: 'query' }],
      ['auth', 'session'],
    ]);
    const categories = await (await fetch(`${srv.url}/api/categories`)).json();
    expect(entries[1]?.[1]).toEqual(categories);
  });
});

describe("a back-office page's first data", () => {
  const pageData = async (pathname: string, cookie?: string) => {
    const res = await fetch(`${srv.url}${pathname}`, { headers: cookie ? { cookie } : {} });
    const html = await res.text();
    const data = /<script id="__stayhub_data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    const entries = (JSON.parse(data ?? '[]') as [[string[], { input?: unknown }], unknown][]).filter(
      ([key]) => Array.isArray(key[0]) && !['config', 'auth'].includes(key[0][0] ?? ''),
    );
    return { entries, cacheControl: res.headers.get('cache-control') };
  };
  /** The answer the page's own tRPC call gets, decoded as the client decodes it. */
  const trpcAnswer = async (path: string, input: unknown, cookie: string) => {
    const query =
      input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
    const body = (await (await fetch(`${srv.url}/trpc/${path}${query}`, { headers: { cookie } })).json()) as {
      result: { data: Parameters<typeof superjson.deserialize>[0] };
    };
    return superjson.deserialize(body.result.data);
  };

  it("carries the dashboard's, the reports' and the inbox's first answer for a signed-in operator, private", async () => {
    const login = await fetch(`${srv.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    const cookie = /stayhub_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
    expect(cookie).not.toBe('');
    const expected = {
      '/admin': [['admin', 'dashboard'], undefined],
      '/admin/reports': [['reports', 'summary'], { from: addDays(todayIso(), -29), to: todayIso() }],
      '/admin/inbox': [['messaging', 'inbox'], { filter: 'all', page: 1, pageSize: 20 }],
    } as const;
    for (const [pathname, [path, input]] of Object.entries(expected)) {
      const { entries, cacheControl } = await pageData(pathname, cookie);
      expect(
        entries.map(([key]) => key),
        pathname,
      ).toEqual([[path, input === undefined ? { type: 'query' } : { input, type: 'query' }]]);
      expect(entries[0]?.[1], pathname).toEqual(await trpcAnswer(path.join('.'), input, cookie));
      expect(cacheControl, pathname).toBe('private, no-store');
    }
    // A filter in the address is the page's to read; a page without a first answer stays shareable.
    expect(await pageData('/admin/inbox?filter=unread', cookie)).toEqual({
      entries: [],
      cacheControl: 'no-cache',
    });
    expect(await pageData('/admin/payments', cookie)).toEqual({ entries: [], cacheControl: 'no-cache' });
  });

  it('carries none without a valid session', async () => {
    expect(await pageData('/admin')).toEqual({ entries: [], cacheControl: 'no-cache' });
    // A session cookie is for the session read to judge, which answers after the page has started.
    expect((await pageData('/admin', `stayhub_session=${'a'.repeat(32)}`)).entries).toEqual([]);
  });
});

/** What the server wrote into `#root` before the app's script. */
function rootMarkup(html: string): string {
  const start = html.indexOf('<div id="root">');
  return html.slice(start + '<div id="root">'.length, html.indexOf('</body>', start));
}

describe('the first screen in #root (LCP without waiting for the JavaScript)', () => {
  it("puts the app's render of the page into #root, inert, from the page's address and data", async () => {
    const html = await (await fetch(`${srv.url}/property/${propertyId}?checkIn=2030-01-01`)).text();
    const root = rootMarkup(html);
    // Inert until the app renders over it: nothing in it takes focus or is read out twice.
    expect(root).toMatch(/^<div inert data-first-screen=""><main class="page">/);
    // The listing from the data the page carries, escaped by the renderer, and the address with its query.
    expect(root).toContain('<h1 class="listing-title">Harbour loft with &#60;views&#62;</h1>');
    expect(root).toContain(`<p>/property/${propertyId}?checkIn=2030-01-01</p>`);
  });

  it('inlines the rules of the page’s stylesheets that its markup uses, and the properties they read', async () => {
    const html = await (await fetch(`${srv.url}/property/${propertyId}`)).text();
    const css = /<style>(.*?)<\/style>/.exec(html)?.[1];
    expect(css).toBe(
      ':root{--used:4px}@layer mantine{.listing-title{margin:var(--used)}}' +
        '@media (min-width:48em){.listing-title{font-size:2rem}}body{margin:0}',
    );
    // Before the markup it styles, and after the photo's preload.
    expect(html.indexOf('<style>')).toBeGreaterThan(html.indexOf('rel="preload" as="image"'));
    expect(html.indexOf('<style>')).toBeLessThan(html.indexOf('<div id="root">'));
  });

  it('draws a search from its own address and data', async () => {
    const checkIn = addDays(todayIso(), 30);
    const checkOut = addDays(checkIn, 3);
    const query = `location=Hobart&checkIn=${checkIn}&checkOut=${checkOut}&guests=2`;
    const html = await (await fetch(`${srv.url}/?${query}`)).text();
    const data = /<script id="__stayhub_data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    const entries = JSON.parse(data ?? '[]') as [unknown, { pages: { items: { id: number }[] }[] }][];
    // The key is the home route's own for this URL (parseHomeSearch, then searchInputFor).
    expect(entries[0]?.[0]).toEqual([
      ['properties', 'search'],
      { input: { location: 'Hobart', guests: 2, checkIn, checkOut, limit: 12 }, type: 'infinite' },
    ]);
    expect(entries[0]?.[1].pages[0]?.items.map((i) => i.id)).toEqual([propertyId]);
    expect(rootMarkup(html)).toContain(`<p>/?${query.replace(/&/g, '&#38;')}</p>`);
  });

  it('starts the app after it, from inline scripts that the Content-Security-Policy allows', async () => {
    const res = await fetch(`${srv.url}/property/${propertyId}`);
    const html = await res.text();
    // The entry and the stylesheets are no longer in the markup, where they would be fetched beside the
    // photo: the starter at the end of the body asks for them.
    const starter = /<script data-entry="\/assets\/main-abc\.js"[^>]*>([^<]+)<\/script><\/body>/.exec(html);
    expect(starter).not.toBeNull();
    expect(html).not.toMatch(/<link rel="(modulepreload|stylesheet)"/);
    // The colour scheme is set before the first paint, as the app sets it.
    const scheme = /<script>([^<]+)<\/script>/.exec(html);
    expect(scheme?.[1]).toContain('data-mantine-color-scheme');
    const hash = (js: string | undefined) =>
      `'sha256-${createHash('sha256')
        .update(js ?? '')
        .digest('base64')}'`;
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(/script-src ([^;]+)/.exec(csp)?.[1]?.split(' ')).toEqual([
      "'self'",
      hash(scheme?.[1]),
      hash(starter?.[1]),
    ]);
    // The home and a search start the same way; a page without a first screen keeps its module script.
    const home = await (await fetch(`${srv.url}/`)).text();
    expect(home).toContain(
      `<script data-entry="/assets/main-abc.js" data-styles="/assets/main-abc.css">${starter?.[1]}</script></body>`,
    );
    const about = await (await fetch(`${srv.url}/about`)).text();
    expect(about).toContain('<script type="module" src="/assets/main-abc.js"></script>');
    expect(about).not.toContain('data-entry=');
  });

  it('is left out where it would not be the page the app shows', async () => {
    // A search without results: the app's message comes from the data in the page, with no photo to draw.
    const empty = await (await fetch(`${srv.url}/?location=Atlantis`)).text();
    expect(rootMarkup(empty)).toBe('</div>');
    expect(empty).not.toContain('rel="preload" as="image"');
    expect(empty).toContain('"input":{"location":"Atlantis","limit":12}');
    expect(empty).toContain('"items":[]');
    // The map view draws the map above the grid: not the grid's first screen.
    const map = await (await fetch(`${srv.url}/?location=Hobart&view=map`)).text();
    expect(rootMarkup(map)).toBe('</div>');
    expect(map).not.toContain('rel="preload" as="image"');
    for (const p of ['/about', '/no-such-page', '/property/999999']) {
      expect(rootMarkup(await (await fetch(`${srv.url}${p}`)).text()), p).toBe('</div>');
    }
  });

  it('is left out by a client built without its server bundle, whose pages start the app at once', async () => {
    fs.rmSync(path.join(clientDir, '.ssr'), { recursive: true });
    try {
      const html = await (await fetch(`${srv.url}/property/${propertyId}`)).text();
      expect(rootMarkup(html)).toBe('</div>');
      expect(html).toContain('<script type="module" src="/assets/main-abc.js">');
    } finally {
      writeServerBundle(clientDir);
    }
  });

  it('is never served as a file', async () => {
    for (const p of ['/.ssr/.vite/manifest.json', '/.ssr/assets/server-entry-abc.js']) {
      const res = await fetch(`${srv.url}${p}`);
      expect(await res.text(), p).not.toContain('renderFirstScreen');
    }
  });
});

describe('search engines', () => {
  it('/sitemap.xml lists the live listings and static pages', async () => {
    const res = await fetch(`${srv.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<loc>${PUBLIC}/property/${propertyId}</loc>`);
    expect(xml).toContain(`<loc>${PUBLIC}/about</loc>`);
  });

  it('/robots.txt keeps crawlers out of admin, api and manage', async () => {
    const text = await (await fetch(`${srv.url}/robots.txt`)).text();
    for (const p of ['/admin', '/api', '/manage']) expect(text).toContain(`Disallow: ${p}`);
  });
});

describe('HTTP caching and compression', () => {
  it('public GETs carry an ETag and answer 304 to a matching If-None-Match', async () => {
    const first = await fetch(`${srv.url}/api/properties/${propertyId}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toContain('public');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${srv.url}/api/properties/${propertyId}`, {
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await fetch(`${srv.url}/api/categories`, { headers: { 'if-none-match': etag ?? '' } });
    expect(other.status).toBe(200);
  });

  it('anything user- or admin-specific is private, no-store', async () => {
    for (const p of ['/api/wishlist', '/api/settings', '/api/auth/me']) {
      const res = await fetch(`${srv.url}${p}`);
      expect(res.headers.get('cache-control'), p).toBe('private, no-store');
    }
  });

  it('sends precompressed assets and compresses HTML and JSON', async () => {
    const br = await fetch(`${srv.url}/assets/main-abc.js`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toContain('console.log');
    const gz = await fetch(`${srv.url}/assets/main-abc.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const html = await fetch(`${srv.url}/property/${propertyId}`, { headers: { 'accept-encoding': 'br' } });
    expect(html.headers.get('content-encoding')).toBe('br');
  });
});
