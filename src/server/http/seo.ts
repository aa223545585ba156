import type { MikroORM } from '@mikro-orm/postgresql';
import express from 'express';
import { sitemapEntries } from '../repositories/properties.ts';
import { publicOrigin } from './client-address.ts';
import { SITEMAP_STATIC_PATHS } from './pages.ts';

function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** /sitemap.xml (live listings and static pages, from the database) and /robots.txt. */
export function seoRoutes(orm: MikroORM, configuredOrigin: string | undefined): express.Router {
  const router = express.Router();
  router.get('/robots.txt', (req, res) => {
    const origin = publicOrigin(req, configuredOrigin);
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res
      .type('text/plain')
      .send(
        [
          'User-agent: *',
          'Disallow: /admin',
          'Disallow: /api',
          'Disallow: /manage',
          'Disallow: /trpc',
          '',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });
  router.get('/sitemap.xml', async (req, res) => {
    const origin = publicOrigin(req, configuredOrigin);
    const rows = await sitemapEntries(orm.em.fork());
    const urls = [
      ...SITEMAP_STATIC_PATHS.map((p) => `  <url><loc>${xmlEscape(`${origin}${p}`)}</loc></url>`),
      ...rows.map(
        (r) =>
          `  <url><loc>${xmlEscape(`${origin}/property/${r.id}`)}</loc><lastmod>${r.updated.toISOString().slice(0, 10)}</lastmod></url>`,
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
