import fs from 'node:fs';
import path from 'node:path';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import {
  CARD_IMAGE_SIZES,
  CHECKOUT_IMAGE_SIZES,
  COVER_IMAGE_SIZES,
  cardSrcSet,
  imageSrcSet,
} from '#shared/media.ts';
import { LATER_CODE_META, SESSION_QUERY_KEY, SETTINGS_DEFAULTS } from '#shared/constants.ts';
import {
  documentTitle,
  matchPageRoute,
  NOT_FOUND_TITLE,
  pagePath,
  type TPageMatch,
} from '#shared/route-manifest.ts';
import type { TCategory } from '#shared/schemas/category.ts';
import type { TSettingsView } from '#shared/schemas/settings.ts';
import type { TProperty, TSearchResult } from '#shared/schemas/property.ts';
import { ZBlockedRange, ZProperty, ZSearchInput, ZSearchResult } from '#shared/schemas/property.ts';
import { ZQuote, ZQuoteInput, ZStayRules } from '#shared/schemas/booking.ts';
import { ZPricing } from '#shared/schemas/pricing.ts';
import { ZReview } from '#shared/schemas/review.ts';
import { parseCheckoutSearch } from '#shared/checkout-search.ts';
import { bookingCardParty, stayQuoteInput } from '#shared/pricing.ts';
import { HOME_PAGE_SIZE } from '#shared/constants.ts';
import { parseHomeSearch, searchInputFor } from '#shared/home-search.ts';
import { listCategories } from '../services/categories/queries.ts';
import { getProperty, homeClock, searchProperties } from '../services/properties/queries.ts';
import { blockedRanges, stayRules } from '../services/bookings/availability.ts';
import { quoteForStay } from '../services/bookings/quote.ts';
import type { TCardReach } from '../services/payments/terms.ts';
import { getPricing } from '../services/pricing/pricing.ts';
import { listReviewsForProperty } from '../services/reviews/queries.ts';
import { SESSION_COOKIE } from '../services/auth/sessions.ts';
import { getSettings, publicConfigOf } from '../services/settings/settings.ts';
import { readCookie } from '../context.ts';
import { log } from '../logger.ts';
import { COLOR_SCHEME_TAG } from './color-scheme.ts';
import { escapeHtml } from './html.ts';
import { templateStylesheets, withAppStarter } from './app-starter.ts';
import { queryKey, type TPageEntry } from './page-entries.ts';
import { firstScreenRenderer } from './server-render.ts';
import { absoluteUrl, siteUrl } from './seo.ts';
import { routePreloads } from './route-preloads.ts';
import type { adminPageData } from './admin-page-data.ts';

/** JSON inside <script>: no `</script>` or `<!--` can close it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function clip(s: string, max: number): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

interface THead {
  title: string;
  description: string;
  /**
   * Absolute on the configured origin, else relative (siteUrl); none on a page kept from search engines.
   * og:url is written only when it is absolute.
   */
  canonical: string | undefined;
  /** Absolute, or none: og:image takes no relative URL. */
  image: string | undefined;
  type: 'website' | 'article';
  jsonLd: unknown;
  preload: { href: string; srcset: string | undefined; sizes: string } | undefined;
  robots: string | undefined;
  /** Query data the client hydrates before its first render: [tRPC query key, data]. */
  dehydrated: TPageEntry[];
  /** The app's first screen of the page is rendered by the server (server-render.ts). */
  firstScreen: boolean;
}

/** The head of a page with nothing of its own beyond its manifest entry; 404 for a path that is no page. */
function plainHead(
  match: TPageMatch | undefined,
  site: string,
  description: string,
  origin: string | undefined,
): THead {
  const indexable = match?.route.indexable === true;
  return {
    title: documentTitle(match?.route.title ?? NOT_FOUND_TITLE, site),
    description,
    canonical: match && indexable ? siteUrl(match.path, origin) : undefined,
    image: undefined,
    type: 'website',
    jsonLd: undefined,
    preload: undefined,
    robots: indexable ? undefined : 'noindex',
    dehydrated: [],
    firstScreen: false,
  };
}

function propertyJsonLd(p: TProperty, url: string, image: string | undefined, currency: string) {
  const [locality, region] = p.location.split(',').map((s) => s.trim());
  return {
    '@context': 'https://schema.org',
    '@type': 'VacationRental',
    '@id': url,
    name: p.title,
    description: clip(p.description, 500),
    url,
    ...(image ? { image: [image] } : {}),
    address: {
      '@type': 'PostalAddress',
      addressLocality: locality ?? p.location,
      ...(region ? { addressRegion: region } : {}),
    },
    ...(p.latitude && p.longitude
      ? { geo: { '@type': 'GeoCoordinates', latitude: Number(p.latitude), longitude: Number(p.longitude) } }
      : {}),
    ...(p.rating !== null && p.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: p.rating,
            reviewCount: p.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    containsPlace: {
      '@type': 'Accommodation',
      numberOfBedrooms: p.bedrooms,
      numberOfBathroomsTotal: p.bathrooms,
      occupancy: { '@type': 'QuantitativeValue', maxValue: p.maxGuests },
      amenityFeature: p.amenities.map((a) => ({
        '@type': 'LocationFeatureSpecification',
        name: a,
        value: true,
      })),
    },
    priceRange: `${p.price} ${currency} per night`,
  };
}

/** A listing as `properties.byId` answers it (its output schema: amounts in currency units), or none. */
async function readListing(em: EntityManager, id: string | undefined): Promise<TProperty | undefined> {
  try {
    return ZProperty.parse(await getProperty(em, Number(id)));
  } catch {
    return undefined;
  }
}

/** A tRPC query's answer under the key the client's `queryOptions(input)` gives it. */
const entry = (path: string, input: unknown, data: unknown): TPageEntry => [queryKey(path, input), data];

/** The listing's and its zone clock's cache entries, keyed as the client's queries are. */
function listingData(p: TProperty): TPageEntry[] {
  return [
    entry('properties.byId', { id: p.id }, p),
    entry('properties.zoneClock', { zone: p.timeZone }, homeClock(p.timeZone)),
  ];
}

/** The entry, or none when its read fails: a missing entry only costs the client the request it saves. */
async function optionalEntry(read: () => Promise<TPageEntry>): Promise<TPageEntry[]> {
  try {
    return [await read()];
  } catch (err) {
    log.warn('page data read failed', { err: err instanceof Error ? err.message : String(err) });
    return [];
  }
}

/**
 * What the booking card and the checkout read before they can draw a stay: the home's taken nights, its
 * stay rules and its fees. Carried in the page, their answers do not land after the first render as a
 * synchronous re-render of the whole card or checkout on a phone's main thread, a round trip later.
 */
function bookingData(em: EntityManager, id: number): Promise<TPageEntry[]>[] {
  return [
    optionalEntry(async () =>
      entry('bookings.availability', { id }, ZBlockedRange.array().parse(await blockedRanges(em, id))),
    ),
    optionalEntry(async () => entry('bookings.stayRules', { id }, ZStayRules.parse(await stayRules(em, id)))),
    optionalEntry(async () => entry('pricing.get', { id }, ZPricing.parse(await getPricing(em, id)))),
  ];
}

/**
 * The listing's reviews: below its first screen, but their answer landing a round trip after the app's
 * first render re-rendered the listing's body on a phone's main thread.
 */
function reviewsData(em: EntityManager, id: number): Promise<TPageEntry[]> {
  return optionalEntry(async () =>
    entry('reviews.byProperty', { id }, ZReview.array().parse(await listReviewsForProperty(em, id))),
  );
}

/**
 * The checkout's quote for the stay in its URL, keyed as the checkout asks for it (use-stay-quote.ts:
 * the adults as the booking card clamps them, the others only when there are any). None without dates.
 */
function checkoutQuote(
  em: EntityManager,
  p: TProperty,
  query: URLSearchParams,
  reach: TCardReach,
): Promise<TPageEntry[]> {
  const search = parseCheckoutSearch(Object.fromEntries(query));
  if (!search.checkIn || !search.checkOut) return Promise.resolve([]);
  const input = stayQuoteInput(p.id, search.checkIn, search.checkOut, {
    ...bookingCardParty(p.maxGuests, search.adults),
    children: search.children ?? 0,
    infants: search.infants ?? 0,
    pets: search.pets ?? 0,
  });
  const parsed = ZQuoteInput.safeParse(input);
  if (!parsed.success) return Promise.resolve([]);
  return optionalEntry(async () =>
    entry('bookings.quote', input, ZQuote.parse(await quoteForStay(em, parsed.data, new Date(), reach))),
  );
}

/** The page's head, with the public settings in its data (the key is the client's `config.get` query). */
async function headFor(
  em: EntityManager,
  pathname: string,
  query: URLSearchParams,
  origin: string | undefined,
  demoDirectAdmin: boolean,
  reach: TCardReach,
): Promise<{ status: 200 | 404; head: THead }> {
  const settings = await getSettings(em);
  const page = await pageHeadFor(em, settings, pathname, query, origin, reach);
  // Every page's header and footer read them: carried in the page, they cost neither a request nor a
  // re-render of the whole frame when its answer lands.
  const config: TPageEntry = [queryKey('config.get'), publicConfigOf(settings, demoDirectAdmin)];
  return { ...page, head: { ...page.head, dehydrated: [...page.head.dehydrated, config] } };
}

async function pageHeadFor(
  em: EntityManager,
  settings: TSettingsView,
  pathname: string,
  query: URLSearchParams,
  origin: string | undefined,
  reach: TCardReach,
): Promise<{ status: 200 | 404; head: THead }> {
  const site = settings.siteName;
  const match = matchPageRoute(pathname);
  const base = plainHead(match, site, settings.siteDescription, origin);
  if (!match) return { status: 404, head: base };
  if (match.route.path === '/property/$id') {
    const p = await readListing(em, match.params.id);
    if (!p) return { status: 404, head: plainHead(undefined, site, settings.siteDescription, origin) };
    const booking = (await Promise.all([...bookingData(em, p.id), reviewsData(em, p.id)])).flat();
    const cover = p.images[0];
    const url = siteUrl(pagePath('/property/$id', { id: p.id }), origin);
    const image = cover ? absoluteUrl(cover, origin) : undefined;
    return {
      status: 200,
      head: {
        ...base,
        title: documentTitle(p.title, site),
        description: clip(`${p.location}. ${p.description}`, 160),
        canonical: url,
        image,
        type: 'article',
        jsonLd: propertyJsonLd(p, url, image, settings.currency),
        preload: cover ? { href: cover, srcset: imageSrcSet(cover), sizes: COVER_IMAGE_SIZES } : undefined,
        dehydrated: [...listingData(p), ...booking],
        firstScreen: true,
      },
    };
  }
  if (match.route.path === '/book/$id') {
    // The checkout draws the home's summary from the same reads as the listing, and the stay's price from
    // its quote: carried in the page, they render its first screen, and its thumbnail (the LCP element) is
    // fetched beside the page.
    const p = await readListing(em, match.params.id);
    if (!p) return { status: 200, head: base };
    const data = (await Promise.all([...bookingData(em, p.id), checkoutQuote(em, p, query, reach)])).flat();
    const thumb = p.images[0];
    return {
      status: 200,
      head: {
        ...base,
        preload: thumb ? { href: thumb, srcset: imageSrcSet(thumb), sizes: CHECKOUT_IMAGE_SIZES } : undefined,
        dehydrated: [...listingData(p), ...data],
        firstScreen: true,
      },
    };
  }
  if (match.route.path === '/') {
    // A search in the URL (`/?location=Lahore&checkIn=…`) is parsed as the app parses it, so the page
    // carries the very query (same key) the app's grid asks for, and draws and preloads its first row.
    const search = parseHomeSearch(Object.fromEntries(query));
    const raw = { ...searchInputFor(search), limit: HOME_PAGE_SIZE };
    const input = ZSearchInput.safeParse(raw);
    const [page, categories]: [TSearchResult | undefined, TCategory[]] = await Promise.all([
      input.success ? searchProperties(em, input.data).then((r) => ZSearchResult.parse(r)) : undefined,
      listCategories(em.fork()),
    ]);
    // The map view puts the map above the grid: its first screen is not the grid's.
    const drawn = page && search.view !== 'map' ? page : undefined;
    const first = drawn?.items[0]?.images[0];
    return {
      status: 200,
      head: {
        ...base,
        jsonLd: { '@context': 'https://schema.org', '@type': 'WebSite', name: site, url: base.canonical },
        preload: first ? { href: first, srcset: cardSrcSet(first), sizes: CARD_IMAGE_SIZES } : undefined,
        dehydrated: [
          // Keyed by the input as the app writes it, not as the schema fills it in.
          ...(page
            ? [
                [
                  [['properties', 'search'], { input: raw, type: 'infinite' }],
                  { pages: [page], pageParams: [null] },
                ] as TPageEntry,
              ]
            : []),
          // The category strip is on the first screen too: without it, it shows placeholders until a
          // second round trip answers.
          [[['categories', 'list'], { type: 'query' }], categories],
        ],
        firstScreen: drawn !== undefined && drawn.items.length > 0,
      },
    };
  }
  return { status: 200, head: base };
}

function renderHead(h: THead): string {
  const tags = [
    `<title>${escapeHtml(h.title)}</title>`,
    `<meta name="description" content="${escapeHtml(h.description)}" />`,
    h.robots ? `<meta name="robots" content="${h.robots}" />` : '',
    h.canonical ? `<link rel="canonical" href="${escapeHtml(h.canonical)}" />` : '',
    `<meta property="og:type" content="${h.type}" />`,
    `<meta property="og:title" content="${escapeHtml(h.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(h.description)}" />`,
    h.canonical && !h.canonical.startsWith('/')
      ? `<meta property="og:url" content="${escapeHtml(h.canonical)}" />`
      : '',
    h.image ? `<meta property="og:image" content="${escapeHtml(h.image)}" />` : '',
    `<meta name="twitter:card" content="${h.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(h.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(h.description)}" />`,
    h.image ? `<meta name="twitter:image" content="${escapeHtml(h.image)}" />` : '',
    h.preload
      ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(h.preload.href)}"${
          h.preload.srcset
            ? ` imagesrcset="${escapeHtml(h.preload.srcset)}" imagesizes="${escapeHtml(h.preload.sizes)}"`
            : ''
        } />`
      : '',
    h.jsonLd ? `<script type="application/ld+json">${scriptJson(h.jsonLd)}</script>` : '',
    h.dehydrated.length ? pageDataScript(h.dehydrated) : '',
    COLOR_SCHEME_TAG,
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** The page's query data for the client (`hydrateFirstScreen` in src/client/lib/first-screen.ts). */
function pageDataScript(entries: THead['dehydrated']): string {
  return `<script id="__stayhub_data" type="application/json">${scriptJson(entries)}</script>`;
}

/**
 * The first screen's `<img>` of the photo the head preloads, marked as the preload is: fetched first, and
 * the one the app's starter waits for (app-starter.ts) before it loads the app's code.
 */
function markPreloadedPhoto(markup: string, href: string | undefined): string {
  const at = href ? markup.indexOf(`src="${escapeHtml(href)}"`) : -1;
  const img = at < 0 ? -1 : markup.lastIndexOf('<img ', at);
  return img < 0 ? markup : `${markup.slice(0, img)}<img fetchpriority="high" ${markup.slice(img + 5)}`;
}

/** index.html with its default title and description taken out, read once per build. */
function templateLoader(file: string) {
  let cached: { mtimeMs: number; html: string } | undefined;
  return (): string | undefined => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return undefined;
    }
    if (cached?.mtimeMs !== stat.mtimeMs) {
      const html = fs
        .readFileSync(file, 'utf8')
        .replace(/\s*<title>[\s\S]*?<\/title>/, '')
        .replace(/\s*<meta name="description"[^>]*>/, '');
      cached = { mtimeMs: stat.mtimeMs, html };
    }
    return cached.html;
  };
}

/**
 * Serves the client's index.html filled for the route (docs/decisions.md#first-response): title, description, canonical,
 * social preview, JSON-LD, the LCP image preload and the first screen's data. The route manifest
 * (src/shared/route-manifest.ts) decides the status, title and robots: paths that are no page, and
 * missing listings, answer 404 with the same page, which shows the client's 404 screen.
 */
export function pageHandler(
  orm: MikroORM,
  indexHtml: string,
  configuredOrigin: string | undefined,
  demoDirectAdmin: boolean,
  reach: TCardReach,
  backOfficeData?: ReturnType<typeof adminPageData>,
) {
  const template = templateLoader(indexHtml);
  const clientDir = path.dirname(indexHtml);
  const preloadsFor = routePreloads(clientDir);
  const renderFirstScreen = firstScreenRenderer(clientDir);
  return async (req: Request, res: Response): Promise<void> => {
    const html = template();
    if (!html) {
      res.status(503).type('text').send('The client is not built yet: run `npm run build`.');
      return;
    }
    let head: THead;
    let status: number;
    const query = new URL(req.originalUrl, 'http://page.invalid').searchParams;
    try {
      ({ status, head } = await headFor(
        orm.em.fork(),
        req.path,
        query,
        configuredOrigin,
        demoDirectAdmin,
        reach,
      ));
    } catch (err) {
      // The page still works without its filled head: the client loads its data itself.
      log.warn('page head failed', { path: req.path, err: err instanceof Error ? err.message : String(err) });
      const match = matchPageRoute(req.path);
      status = match ? 200 : 404;
      head = plainHead(
        match,
        SETTINGS_DEFAULTS.siteName,
        SETTINGS_DEFAULTS.siteDescription,
        configuredOrigin,
      );
    }
    // A visitor without a session cookie is signed out: said here, it spares the client a session
    // read that could only answer 401 (the browser logs every 401 as a console error).
    const signedIn = Boolean(readCookie(req.headers.cookie, SESSION_COOKIE));
    if (!signedIn) head = { ...head, dehydrated: [...head.dehydrated, [SESSION_QUERY_KEY, null]] };
    const page = status === 200 && signedIn ? matchPageRoute(req.path)?.route.path : undefined;
    // The session is checked while the page is put together, the data read while its head goes out.
    const operatorData = page && backOfficeData ? backOfficeData(req, res, page, query) : undefined;
    const pageData = head.dehydrated;
    if (operatorData) head = { ...head, dehydrated: [] };
    const route = status === 200 ? preloadsFor(req.path, { signedIn }) : undefined;
    const routeScripts = (route?.scripts ?? []).map((f) => `/${f}`);
    const routeStyles = (route?.styles ?? []).map((f) => `/${f}`);
    const firstScreen = head.firstScreen
      ? await renderFirstScreen(req.originalUrl, head.dehydrated, [
          ...templateStylesheets(html),
          ...(route?.styles ?? []),
        ])
      : undefined;
    // Before the scripts, so the LCP image preload is discovered first; the first screen's CSS after the
    // preload, as nothing paints before the markup that follows.
    const tags = `${renderHead(head)}\n    ${firstScreen ? `<style>${firstScreen.css}</style>\n    ` : ''}`;
    const at = html.search(/<script|<link rel="modulepreload"|<\/head>/);
    let body = at < 0 ? html : `${html.slice(0, at)}${tags}${html.slice(at)}`;
    if (firstScreen) {
      // Inert until the app renders over it (createRoot replaces it): nothing in it takes focus or is
      // read out, so a screen reader meets the page once, the app's.
      body = body.replace(
        '<div id="root"></div>',
        () =>
          `<div id="root"><div inert data-first-screen="">${markPreloadedPhoto(firstScreen.markup, head.preload?.href)}</div></div>`,
      );
      // The app starts once the first screen and its photo are painted (app-starter.ts), its route's code
      // and styles with it.
      body = withAppStarter(body, { scripts: routeScripts, styles: routeStyles });
    } else {
      // After the entry's own preloads: the route's code and styles come next, in the same wave.
      const routeTags = [
        ...routeScripts.map((f) => `<link rel="modulepreload" crossorigin href="${f}" />`),
        ...routeStyles.map((f) => `<link rel="stylesheet" crossorigin href="${f}" />`),
      ];
      if (routeTags.length) body = body.replace('</head>', `  ${routeTags.join('\n    ')}\n  </head>`);
    }
    // Named for the page to fetch once idle (stay-dates.tsx), not fetched here: the first screen's own
    // files come first on a slow link.
    if (route?.later.length)
      body = body.replace(
        '</head>',
        () =>
          `  <meta name="${LATER_CODE_META}" content="${escapeHtml(route.later.map((f) => `/${f}`).join(' '))}" />\n  </head>`,
      );
    res.status(status);
    // A page with an operator's data in it is theirs alone, as the API's answers of it are.
    res.setHeader('Cache-Control', operatorData ? 'private, no-store' : 'no-cache');
    res.type('html');
    if (!operatorData) {
      res.send(body);
      return;
    }
    // The head (the code's preloads) and the body go out at once, and the browser fetches and compiles
    // the code while the data is read. The data's script closes the body: the app's module scripts run
    // only once the document is parsed, so they find it as they would in the head.
    const { data } = await operatorData;
    const close = body.lastIndexOf('</body>');
    const end = close < 0 ? body.length : close;
    res.write(body.slice(0, end));
    if ('flush' in res && typeof res.flush === 'function') res.flush();
    const entries = [...pageData, ...(await data)];
    res.end(`  ${pageDataScript(entries)}\n  ${body.slice(end)}`);
  };
}
