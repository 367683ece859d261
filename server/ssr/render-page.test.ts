import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveCheckout } from '../../test-support/server/abandoned-checkouts';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
let faulty: TestShop;
beforeAll(async () => {
  [shop, faulty] = await Promise.all([createTestShop(), createTestShop('pglite', { faultInjection: true })]);
});
afterAll(async () => {
  await Promise.all([shop.close(), faulty.close()]);
});

const get = (target: TestShop, path: string, headers: Record<string, string> = {}) => target.app.request(path, { headers });

describe('server-rendered pages', () => {
  it('renders the home theme page with its products, texts and countdown in the HTML', async () => {
    const response = await get(shop, '/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(response.headers.get('server-timing')).toMatch(/render;dur=[\d.]+.*total;dur=/);
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en-US">/);
    expect(html).toContain('<title>Vitrine Goods: everyday things, well made</title>');
    expect(html).toContain('Made to be lived in');
    expect(html).toContain('Travel Pouch');
    expect(html).toContain('Winter sale ends in');
    expect(html).toContain('class="countdown__digits"');
    expect(html).toContain('30-day money-back guarantee');
  });

  it("writes the cached objects once as JSON scripts of the page, which the router's data names by id", async () => {
    const html = await (await get(shop, '/products/linen-shirt')).text();
    const routerData = html.slice(html.indexOf('$_TSR.router='), html.indexOf('</script>', html.indexOf('$_TSR.router=')));
    const ids = [...routerData.matchAll(/\$_TSR\.t\.get\("json"\)\("(\d+)"\)/g)].map((m) => m[1]!);
    // The layout's data (site, menus) and the product page's.
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const scripts = ids.map(
      (id) => new RegExp(`<script type="application/json" id="vitrine-data-${id}">(.*?)</script>`).exec(html)?.[1],
    );
    const data = scripts.map((json) => JSON.parse(json!) as Record<string, unknown>);
    expect(data.some((d) => (d.site as { name?: string } | undefined)?.name === 'Vitrine Goods')).toBe(true);
    expect(data.some((d) => (d.product as { handle?: string } | undefined)?.handle === 'linen-shirt')).toBe(true);
    // Not also in the router's script, where the serializer would escape it again on each request.
    expect(routerData).not.toContain('Linen Shirt');
  });

  it("writes a checkout step's countries and payment methods once as a JSON script, the checkout itself in the router's data", async () => {
    const visitor = visitors()();
    const token = await leaveCheckout(shop, visitor, { items: [{ skuId: 1, quantity: 1 }], email: 'ada@example.com' });
    const html = await (await get(shop, `/checkout/${token}`, { Cookie: `sakUUID=${visitor}` })).text();
    const routerData = html.slice(html.indexOf('$_TSR.router='), html.indexOf('</script>', html.indexOf('$_TSR.router=')));
    const ids = [...routerData.matchAll(/\$_TSR\.t\.get\("json"\)\("(\d+)"\)/g)].map((m) => m[1]!);
    const offers = ids
      .map((id) => new RegExp(`<script type="application/json" id="vitrine-data-${id}">(.*?)</script>`).exec(html)?.[1])
      .map((json) => JSON.parse(json!) as { countries?: { name: string }[]; methods?: { code: string }[] })
      .filter((d) => d.countries);
    expect(offers).toHaveLength(1);
    expect(offers[0]!.countries!.map((c) => c.name)).toContain('Austria');
    expect(offers[0]!.methods!.map((m) => m.code)).toContain('card');
    expect(routerData).not.toContain('Austria');
    // The shopper's own checkout is this request's, in the router's data.
    expect(routerData).toContain('ada@example.com');
    expect(html).toContain('>Austria</option>');
  });

  it.each(['/', '/pages/about', '/products/linen-shirt', '/collections/hot-sale', '/fr'])(
    'renders %s completely on the server, with nothing left for the browser to redo and nothing logged',
    async (path) => {
      const html = await (await get(shop, path)).text();
      expect(html).not.toContain('<!--$!-->');
      expect(shop.logs).toEqual([]);
    },
  );

  it.each([
    '/collections/all?sort=price-asc&color=black',
    '/collections/apparel?color=black,sand&size=m&page=1',
    '/fr/search?q=linen&sort=title-asc',
  ])('answers %s directly, with no redirect to another form of the address', async (path) => {
    const response = await get(shop, path);
    expect(response.status).toBe(200);
  });

  it('names the client entry and preloads only the code and styles of the blocks on the page', async () => {
    const home = await (await get(shop, '/')).text();
    expect(home).toContain('<script type="module" src="/assets/entry-client.js" async=""></script>');
    const head = home.slice(0, home.indexOf('</head>'));
    // The entry's own import is preloaded with the page; the hydration's code and the blocks' once the
    // page has shown (renderer/deferred-preloads.ts), so they do not share the network with its main image.
    expect([...head.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1])).toEqual(['/assets/preload-helper.js']);
    const deferred = JSON.parse(/<script type="application\/json" id="vitrine-preloads">(.*?)<\/script>/.exec(home)![1]!);
    expect(deferred).toEqual(
      expect.arrayContaining(['/assets/hydrate-shop.js', '/assets/react.js', '/assets/vendor.js', '/assets/Countdown.js']),
    );
    expect(home).toContain('"/assets/Countdown.js"');
    // The block's own stylesheet, in the head after the shop's own (it may refine what the shop's sets).
    expect(head).toContain('<link rel="stylesheet" href="/assets/Countdown.css" data-precedence="blocks"/>');
    expect(head.indexOf('/assets/entry.css')).toBeLessThan(head.indexOf('/assets/Countdown.css'));
    const about = await (await get(shop, '/pages/about')).text();
    expect(about).not.toContain('/assets/Countdown.js');
    expect(about).not.toContain('/assets/Countdown.css');
    expect(about).toContain('"/assets/ProductGrid.js"');
  });

  it('renders any stored theme page by handle', async () => {
    const html = await (await get(shop, '/pages/about')).text();
    expect(html).toContain('<title>About us</title>');
    expect(html).toContain('Fewer, better things');
    expect(html).toContain('<strong>natural materials</strong>');
  });

  it('renders the product page with title, images, price and description', async () => {
    const html = await (await get(shop, '/products/linen-shirt')).text();
    expect(html).toContain('<h1 class="product__title">Linen Shirt</h1>');
    expect(html).toContain('$59.00');
    expect(html).toContain('/media/linen-shirt-sage.webp');
    expect(html).toContain('fetchPriority="high"');
  });

  it('renders a collection with its products', async () => {
    const html = await (await get(shop, '/collections/new-arrivals')).text();
    expect(html).toContain('<h1 id="collection-title">New arrivals</h1>');
    expect(html).toContain('9 products');
    expect(html).toContain('Yoga Mat');
  });

  it.each([
    '/pages/no-such-page',
    '/products/no-such-product',
    '/products/enamel-camp-mug',
    '/collections/nope',
    '/some/unknown/path',
  ])('answers %s with the 404 page', async (path) => {
    const response = await get(shop, path);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('This page could not be found');
    expect(html).toMatch(/<a class="button" href="\/">Back to the home page<\/a>/);
  });

  it('answers a loader fault with the error page, status 500 and title "Error"', async () => {
    const response = await get(faulty, '/?__fault=loader');
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('<h1>Error</h1>');
    expect(html).toContain('<title>Error</title>');
    expect(html).not.toContain('Injected loader fault');
    expect(faulty.logs.some((line) => /loading \/ failed \(reference .+\): Injected loader fault/.test(line))).toBe(true);
  });

  it('falls back to the plain page when the error page itself fails', async () => {
    const response = await get(faulty, '/?__fault=loader,error-page');
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('<h1>Another error occurred while showing the error page</h1>');
    // The details name the kind of error and the log's reference, never the fault's own message.
    expect(html).toMatch(/<summary>Details<\/summary>\n<pre>Error\nReference: [\w-]+<\/pre>/);
    expect(html).not.toContain('Injected error-page fault');
    expect(html).toContain('<a href="/">Go back to home</a>');
    expect(faulty.logs.some((line) => /rendering \/ failed, .*\(reference .+\): Injected error-page fault/.test(line))).toBe(
      true,
    );
  });

  it('shows the page without the menus, payment icons and apps when their calls fail, and logs why', async () => {
    const response = await get(faulty, '/pages/about?__fault=layout-data');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<main id="main"');
    for (const what of ['menus', 'payment icons', 'apps']) {
      expect(
        faulty.logs.some((line) => line.includes(`(reference ${what} left out`) && line.includes('Injected layout-data fault')),
      ).toBe(true);
    }
  });

  it('ignores fault injection unless the app was built for it', async () => {
    const response = await get(shop, '/?__fault=loader');
    expect(response.status).toBe(200);
  });
});

describe('locale of a page', () => {
  it('switches with ?lang= to the language’s address, remembers it in the sak-locale cookie, and sets <html lang>', async () => {
    const switched = await get(shop, '/?lang=fr');
    expect(switched.headers.get('location')).toBe('/fr');
    expect(switched.headers.get('set-cookie')).toMatch(/^sak-locale=fr; Max-Age=31536000; Path=\/; SameSite=Lax/);
    const html = await (await get(shop, '/fr')).text();
    expect(html).toMatch(/<html lang="fr">/);
    expect(html).toContain('Fait pour être vécu');
    expect(html).toContain('Satisfait ou remboursé pendant 30 jours');
    expect(html).toContain('Chemise en lin');
  });

  it('is the address’s, never the cookie’s: the same page for everyone (the browser follows the cookie)', async () => {
    expect(await (await get(shop, '/', { cookie: 'sak-locale=fr' })).text()).toContain('New arrivals');
    expect(await (await get(shop, '/fr', { cookie: 'sak-locale=de' })).text()).toContain('Nouveautés');
  });

  it('ignores the browser language unless the site allows it', async () => {
    expect(await (await get(shop, '/', { 'accept-language': 'fr-FR,fr;q=0.9' })).text()).toContain('New arrivals');
  });

  it("hands the browser the strings this page was rendered with, and the locale's messages at a versioned URL", async () => {
    const html = await (await get(shop, '/fr')).text();
    const snapshot = JSON.parse(/<script type="application\/json" id="vitrine-i18n">(.*?)<\/script>/.exec(html)![1]!) as Record<
      string,
      string
    >;
    expect(snapshot['layout.skipToContent']).toBe('Aller au contenu');
    expect(Object.values(snapshot).some((text) => text.startsWith('Temps restant'))).toBe(true);
    const url = /messagesUrl:"([^"]+)"/.exec(html)![1]!;
    expect(url).toMatch(/^\/locales\/fr\.json\?v=[0-9a-f]{12}$/);
    const messages = await shop.app.request(url);
    expect(messages.headers.get('cache-control')).toContain('immutable');
    // A block's words (blocks/countdown/messages.json) are in the locale's messages, under `blocks`.
    expect(((await messages.json()) as { blocks: { countdown: { ended: string } } }).blocks.countdown.ended).toBe(
      'Cette offre est terminée',
    );
    expect((await shop.app.request('/locales/xx.json')).status).toBe(404);
  });
});
