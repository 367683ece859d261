// /sitemap.xml and /robots.txt (spec: SEO). The sitemap lists the home page, the shop's theme pages, every
// collection (and "all products") and every product on sale, each in every language the shop offers with
// its hreflang alternates (issue 28), and every funnel's first step (its landing page; the later steps are
// noindex).
import { Hono } from 'hono';
import { languageAlternates } from '../../renderer/routes/seo';
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
      const [site, pages, funnels, addresses] = await Promise.all([
        deps.commerce.site.get(),
        deps.commerce.pages.list('en'),
        deps.commerce.funnels.list('en'),
        deps.commerce.catalog.addresses(),
      ]);
      // Pages everyone may see, in every language the shop offers (Google's sitemap form of hreflang: one
      // <url> per language, each listing them all and x-default); a funnel's landing in its default language.
      const everyLanguage: { path: string; lastmod?: string }[] = [
        { path: '/' },
        ...pages
          .filter((p) => p.kind === 'shop' && p.handle !== 'home')
          .map((p) => ({ path: `/pages/${p.handle}`, lastmod: p.updatedAt })),
        { path: '/collections/all' },
        ...addresses.collections.map((handle) => ({ path: `/collections/${handle}` })),
        ...addresses.products.map((p) => ({ path: `/products/${p.handle}`, lastmod: p.createdAt.toISOString() })),
      ];
      const lastmod = (at?: string) => (at ? `<lastmod>${at.slice(0, 10)}</lastmod>` : '');
      const urls = everyLanguage.flatMap(({ path, lastmod: at }) => {
        const alternates = languageAlternates({ origin }, site, path);
        const links = alternates
          .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hrefLang}" href="${escapeXml(a.href)}"/>`)
          .join('');
        return alternates
          .filter((a) => a.hrefLang !== 'x-default')
          .map((a) => `  <url><loc>${escapeXml(a.href)}</loc>${lastmod(at)}${links}</url>`);
      });
      const xml = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        ...urls,
        ...funnels.map((f) => `  <url><loc>${escapeXml(`${origin}/funnel/${f.handle}`)}</loc>${lastmod(f.updatedAt)}</url>`),
        '</urlset>',
        '',
      ].join('\n');
      return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=UTF-8', 'Cache-Control': 'public, max-age=3600' });
    });
}
