// /sitemap.xml and /robots.txt (spec: SEO). The sitemap lists the home page, the shop's theme pages,
// every funnel's first step (its landing page; the later steps are noindex), every collection (and "all
// products") and every product on sale.
import { Hono } from 'hono';
import type { Commerce } from '../commerce';

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** `origin`: the shop's public origin (never the request's Host: these files are kept by caches). */
export function seoFileRoutes(deps: { commerce: Commerce; origin: string }) {
  const { origin } = deps;
  return new Hono()
    .get('/robots.txt', (c) => {
      return c.text(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /cart',
          'Disallow: /search',
          '',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
        200,
        { 'Cache-Control': 'public, max-age=3600' },
      );
    })
    .get('/sitemap.xml', async (c) => {
      const [pages, funnels, addresses] = await Promise.all([
        deps.commerce.pages.list('en'),
        deps.commerce.funnels.list('en'),
        deps.commerce.catalog.addresses(),
      ]);
      const entries: { path: string; lastmod?: string }[] = [
        { path: '/' },
        ...pages
          .filter((p) => p.kind === 'shop' && p.handle !== 'home')
          .map((p) => ({ path: `/pages/${p.handle}`, lastmod: p.updatedAt })),
        ...funnels.map((f) => ({ path: `/funnel/${f.handle}`, lastmod: f.updatedAt })),
        { path: '/collections/all' },
        ...addresses.collections.map((handle) => ({ path: `/collections/${handle}` })),
        ...addresses.products.map((p) => ({ path: `/products/${p.handle}`, lastmod: p.createdAt.toISOString() })),
      ];
      const xml = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...entries.map(
          (e) =>
            `  <url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`,
        ),
        '</urlset>',
        '',
      ].join('\n');
      return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=UTF-8', 'Cache-Control': 'public, max-age=3600' });
    });
}
