import type { MikroORM } from '@mikro-orm/postgresql';
import express from 'express';
import { PAGE_ROUTES, pagePath } from '#shared/route-manifest.ts';
import { sitemapEntries } from '../repositories/properties.ts';

function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A page's URL for canonical links, the sitemap and structured data: absolute on the configured origin
 * (PUBLIC_URL), else relative. Never built on the request's Host, which the caller chooses: a page or
 * sitemap naming another site as canonical, kept by a cache, would hand this site's ranking to it.
 */
export function siteUrl(path: string, configuredOrigin: string | undefined): string {
  return configuredOrigin ? `${configuredOrigin}${path}` : path;
}

/** An absolute URL for a path or URL, or undefined when it can only be relative (no configured origin). */
export function absoluteUrl(pathOrUrl: string, configuredOrigin: string | undefined): string | undefined {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return configuredOrigin ? new URL(pathOrUrl, configuredOrigin).toString() : undefined;
}

/** The sitemap's pages beside the listings: the indexable pages of the route manifest without parameters. */
const STATIC_PAGES = PAGE_ROUTES.filter((r) => r.indexable && !r.path.includes('$')).map((r) => r.path);

/** /sitemap.xml (live listings and static pages, from the database) and /robots.txt. */
export function seoRoutes(orm: MikroORM, configuredOrigin: string | undefined): express.Router {
  const router = express.Router();
  router.get('/robots.txt', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain').send(
      [
        'User-agent: *',
        'Disallow: /admin',
        'Disallow: /api',
        'Disallow: /manage',
        'Disallow: /trpc',
        // The protocol takes only an absolute URL here.
        ...(configuredOrigin ? ['', `Sitemap: ${configuredOrigin}/sitemap.xml`] : []),
        '',
      ].join('\n'),
    );
  });
  router.get('/sitemap.xml', async (_req, res) => {
    const rows = await sitemapEntries(orm.em.fork());
    const loc = (path: string) => `<loc>${xmlEscape(siteUrl(path, configuredOrigin))}</loc>`;
    const urls = [
      ...STATIC_PAGES.map((p) => `  <url>${loc(p)}</url>`),
      ...rows.map(
        (r) =>
          `  <url>${loc(pagePath('/property/$id', { id: r.id }))}<lastmod>${r.updated.toISOString().slice(0, 10)}</lastmod></url>`,
      ),
    ];
    res.setHeader('Cache-Control', 'public, max-age=300, stale-while-revalidate=600');
    res
      .type('application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
  return router;
}
