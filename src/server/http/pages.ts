import fs from 'node:fs';
import path from 'node:path';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import { SESSION_QUERY_KEY } from '../../shared/constants.ts';
import { CARD_IMAGE_SIZES, COVER_IMAGE_SIZES, cardSrcSet, imageSrcSet } from '../../shared/media.ts';
import type { TCategory } from '../../shared/schemas/category.ts';
import type { TProperty, TSearchResult } from '../../shared/schemas/property.ts';
import { ZSearchInput } from '../../shared/schemas/property.ts';
import { listCategories } from '../services/categories/queries.ts';
import { getProperty, searchProperties } from '../services/properties/queries.ts';
import { SESSION_COOKIE } from '../services/auth/sessions.ts';
import { getSettings } from '../services/settings/settings.ts';
import { readCookie } from '../context.ts';
import { log } from '../logger.ts';
import { FIRST_SCREEN_CSS, homeFirstScreen, propertyFirstScreen } from './first-screen.ts';
import { publicOrigin } from './client-address.ts';
import { escapeHtml } from './html.ts';
import { routePreloads } from './route-preloads.ts';

/** Client routes that exist (src/client/routes); anything else answers 404 with the client's 404 page. */
const KNOWN_PATHS: RegExp[] = [
  /^\/$/,
  /^\/(about|account|bookings|careers|contact|help|privacy|saved|terms)\/?$/,
  /^\/bookings\/\d+\/?$/,
  /^\/manage\/[^/]+\/?$/,
  /^\/reset-password\/[^/]+\/?$/,
  /^\/admin(\/(bookings|calendar|listings|reviews|settings))?\/?$/,
  /^\/admin\/calendar\/\d+\/?$/,
];
/** Pages whose content is the visitor's own: not for search engines. */
const PRIVATE_PATHS = /^\/(account|bookings|manage|reset-password|admin|saved)(\/|$)/;

const STATIC_TITLES: Record<string, string> = {
  '/about': 'About us',
  '/careers': 'Careers',
  '/contact': 'Contact',
  '/help': 'Help centre',
  '/privacy': 'Privacy policy',
  '/terms': 'Terms of service',
};
export const SITEMAP_STATIC_PATHS = ['/', ...Object.keys(STATIC_TITLES)];

const HOME_INPUT = { limit: 12 } as const;

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
  canonical: string | undefined;
  image: string | undefined;
  type: 'website' | 'article';
  jsonLd: unknown;
  preload: { href: string; srcset: string | undefined; sizes: string } | undefined;
  robots: string | undefined;
  /** Query data the client hydrates before its first render: [tRPC query key, data]. */
  dehydrated: [unknown, unknown][];
  /** Markup for `#root` until the app renders (first-screen.ts). */
  firstScreen: string | undefined;
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

async function headFor(
  em: EntityManager,
  pathname: string,
  hasSearch: boolean,
  origin: string,
): Promise<THead | undefined> {
  const settings = await getSettings(em);
  const site = settings.siteName;
  const base: THead = {
    title: `${site} — holiday homes`,
    description: settings.siteDescription,
    canonical: `${origin}${pathname}`,
    image: undefined,
    type: 'website',
    jsonLd: undefined,
    preload: undefined,
    robots: PRIVATE_PATHS.test(pathname) ? 'noindex' : undefined,
    dehydrated: [],
    firstScreen: undefined,
  };
  const property = /^\/property\/(\d+)\/?$/.exec(pathname);
  if (property) {
    const id = Number(property[1]);
    if (!Number.isSafeInteger(id) || id > 2_147_483_647) return undefined;
    let p: TProperty;
    try {
      p = await getProperty(em, id);
    } catch {
      return undefined;
    }
    const cover = p.images[0];
    const url = `${origin}/property/${p.id}`;
    const image = cover ? new URL(cover, origin).toString() : undefined;
    return {
      ...base,
      title: `${p.title} — ${site}`,
      description: clip(`${p.location}. ${p.description}`, 160),
      canonical: url,
      image,
      type: 'article',
      jsonLd: propertyJsonLd(p, url, image, settings.currency),
      preload: cover ? { href: cover, srcset: imageSrcSet(cover), sizes: COVER_IMAGE_SIZES } : undefined,
      dehydrated: [[[['properties', 'byId'], { input: { id: p.id }, type: 'query' }], p]],
      firstScreen: propertyFirstScreen(p, { siteName: site, showReviews: settings.enableReviews }),
    };
  }
  if (pathname === '/' || pathname === '') {
    const [page, categories]: [TSearchResult, TCategory[]] = await Promise.all([
      searchProperties(em, ZSearchInput.parse(HOME_INPUT)),
      listCategories(em.fork()),
    ]);
    // A search in the URL (`/?category=beach`) shows other homes than the default grid: no photo of
    // the default grid is preloaded or drawn for it.
    const first = hasSearch ? undefined : page.items[0]?.images[0];
    return {
      ...base,
      canonical: `${origin}/`,
      jsonLd: { '@context': 'https://schema.org', '@type': 'WebSite', name: site, url: `${origin}/` },
      preload: first ? { href: first, srcset: cardSrcSet(first), sizes: CARD_IMAGE_SIZES } : undefined,
      dehydrated: [
        [
          [['properties', 'search'], { input: HOME_INPUT, type: 'infinite' }],
          { pages: [page], pageParams: [null] },
        ],
        // The category strip is on the first screen too: without it, it shows placeholders until a
        // second round trip answers.
        [[['categories', 'list'], { type: 'query' }], categories],
      ],
      firstScreen: hasSearch ? undefined : homeFirstScreen(page.items, site),
    };
  }
  if (!KNOWN_PATHS.some((re) => re.test(pathname))) return undefined;
  const named = STATIC_TITLES[pathname.replace(/\/$/, '')];
  return named ? { ...base, title: `${named} — ${site}` } : base;
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
    h.canonical ? `<meta property="og:url" content="${escapeHtml(h.canonical)}" />` : '',
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
    h.dehydrated.length
      ? `<script id="__stayhub_data" type="application/json">${scriptJson(h.dehydrated)}</script>`
      : '',
    h.firstScreen ? `<style>${FIRST_SCREEN_CSS}</style>` : '',
  ];
  return tags.filter(Boolean).join('\n    ');
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
 * Serves the client's index.html filled for the route (DECISIONS 24): title, description, canonical,
 * social preview, JSON-LD, the LCP image preload and the first screen's data. Unknown paths and missing
 * listings answer 404 with the same page, which shows the client's 404 screen.
 */
export function pageHandler(orm: MikroORM, indexHtml: string, configuredOrigin: string | undefined) {
  const template = templateLoader(indexHtml);
  const preloadsFor = routePreloads(path.dirname(indexHtml));
  return async (req: Request, res: Response): Promise<void> => {
    const html = template();
    if (!html) {
      res.status(503).type('text').send('The client is not built yet: run `npm run build`.');
      return;
    }
    const origin = publicOrigin(req, configuredOrigin);
    let head: THead | undefined;
    let status = 200;
    try {
      head = await headFor(orm.em.fork(), req.path, req.originalUrl.includes('?'), origin);
      if (!head) status = 404;
    } catch (err) {
      // The page still works without its filled head: the client loads its data itself.
      log.warn('page head failed', { path: req.path, err: err instanceof Error ? err.message : String(err) });
    }
    const fallback: THead = {
      title: status === 404 ? 'Page not found — StayHub' : 'StayHub — holiday homes',
      description: 'Find and book unique holiday homes around the world.',
      canonical: undefined,
      image: undefined,
      type: 'website',
      jsonLd: undefined,
      preload: undefined,
      robots: status === 404 ? 'noindex' : undefined,
      dehydrated: [],
      firstScreen: undefined,
    };
    // A visitor without a session cookie is signed out: said here, it spares the client a session
    // read that could only answer 401 (the browser logs every 401 as a console error).
    const filled = head ?? fallback;
    if (!readCookie(req.headers.cookie, SESSION_COOKIE))
      filled.dehydrated = [...filled.dehydrated, [SESSION_QUERY_KEY, null]];
    // Before the scripts, so the LCP image preload is discovered first.
    const tags = `${renderHead(filled)}\n    `;
    const at = html.search(/<script|<link rel="modulepreload"|<\/head>/);
    let body = at < 0 ? html : `${html.slice(0, at)}${tags}${html.slice(at)}`;
    const firstScreen = head?.firstScreen;
    if (firstScreen)
      body = body.replace('<div id="root"></div>', () => `<div id="root">${firstScreen}</div>`);
    // After the entry's own preloads: the route's code and styles come next, in the same wave.
    const route = status === 200 ? preloadsFor(req.path) : undefined;
    const routeTags = [
      ...(route?.scripts ?? []).map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`),
      ...(route?.styles ?? []).map((f) => `<link rel="stylesheet" crossorigin href="/${f}" />`),
    ];
    if (routeTags.length) body = body.replace('</head>', `  ${routeTags.join('\n    ')}\n  </head>`);
    res.status(status);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(body);
  };
}
