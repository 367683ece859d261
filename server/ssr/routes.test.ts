// The routes of spec section 2 that issue 26 completes: the handle-less forms of the routes with an
// optional handle, the cart permalink, /checkout/orderDetails, /error, and what a crawler is given.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveCheckout } from '../../test-support/server/abandoned-checkouts';
import { readyCheckout, shopperOf, pay } from '../../test-support/server/buyer';
import { firstSku } from '../../test-support/server/skus';
import { createTestShop, readEnvelope, visitors, type TestShop } from '../../test-support/server/test-app';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const TOKEN = '0123456789abcdef0123456789abcdef';

let shop: TestShop;
const newVisitor = visitors();
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop.close();
});

const get = (path: string, headers: Record<string, string> = {}) => shop.app.request(path, { headers });
const titleOf = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1];
const quantityOf = async (visitor: string) =>
  (await readEnvelope<{ quantity: number }>(await get('/api/shopping-carts/quantity', { customerUUID: visitor }))).data.quantity;

describe('the routes with an optional handle, without one', () => {
  it.each([
    ['/collections', '/collections/all'],
    ['/products', '/collections/all'],
    ['/collections?sort=price-asc&color=black', '/collections/all?sort=price-asc&color=black'],
  ])('%s is every product: 301 to %s, the query kept', async (path, to) => {
    const response = await get(path);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(to);
  });

  it.each(['/pages', '/funnel', '/newCheckout', '/payment'])('%s names nothing: the 404 page', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('This page could not be found');
  });

  it('/payment?order= is a provider sending the buyer back: 302 to /payment/information', async () => {
    const response = await get(`/payment?order=${TOKEN}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/payment/information?order=${TOKEN}`);
  });

  it('/thankyou names no order: the order-not-found page (404) with the ways on', async () => {
    const response = await get('/thankyou');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(titleOf(html)).toBe('Order not found');
    expect(html).toContain('<h1 id="order-missing-title">Order not found</h1>');
    expect(html).toContain('href="/track"');
    expect(html).toContain('noindex');
  });

  it('/track is the tracking form', async () => {
    const response = await get('/track');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<form');
  });
});

describe('a cart permalink /cart/{skuId}:{quantity},…', () => {
  it("adds the SKUs to the visitor's cart and shows the cart (302)", async () => {
    const visitor = newVisitor();
    const mug = await firstSku(shop, 'ceramic-mug');
    const scarf = await firstSku(shop, 'wool-scarf');
    const response = await get(`/cart/${mug.id}:2,${scarf.id}`, { Cookie: `sakUUID=${visitor}` });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/cart');
    expect(await quantityOf(visitor)).toBe(3);
  });

  it("gives a new visitor an id and fills that visitor's cart", async () => {
    const mug = await firstSku(shop, 'ceramic-mug');
    const response = await get(`/cart/${mug.id}:1`);
    expect(response.status).toBe(302);
    const visitor = /sakUUID=([0-9a-f-]{36})/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    expect(visitor).toBeDefined();
    expect(await quantityOf(visitor!)).toBe(1);
  });

  it('shows the error page in the words of the refusal when a SKU cannot be added, and adds nothing', async () => {
    const visitor = newVisitor();
    const mug = await firstSku(shop, 'ceramic-mug');
    const response = await get(`/cart/${mug.id}:1,999999:1`, { Cookie: `sakUUID=${visitor}` });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const html = await response.text();
    expect(html).toMatch(/<h1>(This option does not exist any more\.|This item cannot be added to your cart\.)<\/h1>/);
    expect(await quantityOf(visitor)).toBe(0);
  });

  it('is the 404 page when the handle is not a permalink; /cart/checkout stays the checkout', async () => {
    expect((await get('/cart/not-a-permalink')).status).toBe(404);
    expect((await get('/cart/checkout')).status).toBe(200);
  });
});

describe('/checkout/orderDetails', () => {
  it("goes to the order's page by its token, and to the order a checkout placed by the checkout's", async () => {
    expect((await get(`/checkout/orderDetails?order=${TOKEN}`)).headers.get('location')).toBe(`/thankyou/${TOKEN}`);
    const call = shopperOf(shop, newVisitor());
    const mug = await firstSku(shop, 'ceramic-mug');
    const checkout = await readyCheckout(call, [{ skuId: mug.id, quantity: 1 }], { shippingTemplateId: 2 });
    expect((await pay(call, checkout)).status).toBe(200);
    const response = await get(`/checkout/orderDetails?token=${checkout}`);
    expect(response.status).toBe(302);
    const location = response.headers.get('location')!;
    expect(location).toMatch(/^\/thankyou\/[0-9a-f]{32}$/);
    expect(location).not.toBe(`/thankyou/${checkout}`);
    expect((await get(location)).status).toBe(200);
  });

  it('goes back to a checkout that placed no order yet', async () => {
    const visitor = newVisitor();
    const mug = await firstSku(shop, 'ceramic-mug');
    const checkout = await leaveCheckout(shop, visitor, { items: [{ skuId: mug.id, quantity: 1 }], email: 'ada@example.com' });
    const response = await get(`/checkout/orderDetails?token=${checkout}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/checkout/${checkout}`);
  });

  it.each(['', `?token=${TOKEN}`])('is the order-not-found page (404) for %j', async (query) => {
    const response = await get(`/checkout/orderDetails${query}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<h1 id="order-missing-title">Order not found</h1>');
  });
});

describe('/error', () => {
  it('is a 500 titled "Error" by default, never indexed', async () => {
    const response = await get('/error');
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(titleOf(html)).toBe('Error');
    expect(html).toContain('<h1>Error</h1>');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('is the not-found page with "Back to the home page" for status 404', async () => {
    const response = await get('/error?status=404');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<h1>This page could not be found</h1>');
    expect(titleOf(html)).toBe('This page could not be found');
    expect(html).toMatch(/<a class="button" href="\/">Back to the home page<\/a>/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it.each(['/no/such/path', '/pages/no-such-page'])('titles the 404 page of %s "This page could not be found"', async (path) => {
    const html = await (await get(path)).text();
    expect(titleOf(html)).toBe('This page could not be found');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it('answers and shows another error status, titled "Error"', async () => {
    const response = await get('/error?status=503');
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain('<p class="error-page__status">503</p>');
    expect(html).toContain('<h1>Error</h1>');
  });

  it("takes its title from a known code's message, in the visitor's language, with the code's status", async () => {
    const response = await get('/error?code=5010');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(titleOf(html)).toBe('This order does not exist.');
    expect(html).toContain('<h1>This order does not exist.</h1>');
    const french = await (await get('/fr/error?code=5010')).text();
    expect(french).not.toContain('This order does not exist.');
    expect(french).toMatch(/<h1>[^<]*commande[^<]*<\/h1>/i);
  });

  it.each(['?code=500', '?code=123456', '?status=200', '?status=abc'])('is the plain 500 "Error" for %s', async (query) => {
    const response = await get(`/error${query}`);
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('<h1>Error</h1>');
  });
});

describe('a crawler', () => {
  it('is given pages without a cookie', async () => {
    for (const path of ['/', '/fr/products/linen-shirt?currency=EUR', '/cart']) {
      const response = await get(path, { 'User-Agent': GOOGLEBOT });
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    // A shopper's private page brings their id; a public one sets none (their browser makes it, docs/caching.md).
    const shopper = { 'User-Agent': 'Mozilla/5.0 Chrome/126.0 Safari/537.36' };
    expect((await get('/cart', shopper)).headers.get('set-cookie')).toMatch(/^sakUUID=/);
    expect((await get('/', shopper)).headers.get('set-cookie')).toBeNull();
  });

  it('follows a cart permalink without filling a cart', async () => {
    const visitor = newVisitor();
    const mug = await firstSku(shop, 'ceramic-mug');
    const response = await get(`/cart/${mug.id}:1`, { 'User-Agent': GOOGLEBOT, Cookie: `sakUUID=${visitor}` });
    expect(response.status).toBe(302);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await quantityOf(visitor)).toBe(0);
  });

  it('changes no cart through the API: refused (403) before anything is written', async () => {
    const visitor = newVisitor();
    const mug = await firstSku(shop, 'ceramic-mug');
    const headers = { customerUUID: visitor, 'Content-Type': 'application/json' };
    const added = await shop.app.request('/api/shopping-carts', {
      method: 'POST',
      headers: { ...headers, 'User-Agent': GOOGLEBOT },
      body: JSON.stringify({ skuId: mug.id, quantity: 1 }),
    });
    expect(await readEnvelope(added)).toMatchObject({ status: 403, code: 403 });
    expect(await quantityOf(visitor)).toBe(0);
    // The same call from a browser adds it.
    const browser = await shop.app.request('/api/shopping-carts', {
      method: 'POST',
      headers,
      body: JSON.stringify({ skuId: mug.id, quantity: 1 }),
    });
    expect(browser.status).toBe(200);
    expect(await quantityOf(visitor)).toBe(1);
  });
});
