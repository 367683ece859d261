// The caching headers of every route (issue 28, docs/caching.md): a public page asked for by an anonymous
// visitor in the base currency may be kept by any shared cache (a CDN) and handed to everyone: it says so,
// sets no cookie and varies on the encoding alone. Everything else is the visitor's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pay, readyCheckout, shopperOf } from '../../test-support/server/buyer';
import { newCustomer } from '../../test-support/server/customers';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';

const EVERYONE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
const PUBLIC_PAGES = [
  '/',
  '/fr',
  '/de/products/linen-shirt',
  '/pages/about',
  '/pages/contact',
  '/collections/apparel?page=1',
  '/collections/apparel/products/linen-shirt',
  '/products/linen-shirt',
  '/search?q=linen',
  '/policies',
];
const PRIVATE_PAGES = [
  '/cart',
  '/cart/checkout',
  '/checkout/{checkout}',
  '/checkout/payment?token={checkout}',
  '/thankyou/{order}',
  '/track',
  '/payment/information?order={order}',
  '/funnel/summer-linen',
  '/account/login',
  '/account/dashboard',
  '/password/store',
  '/newsletter/confirm?token=x',
  '/pages/about?preview=x',
  '/nope',
];

let shop: TestShop;
const made: Record<string, string> = {};
const VISITOR = '0c0ffee0-0000-4000-8000-0000000cac4e';
beforeAll(async () => {
  shop = await createTestShop('pglite');
  const call = shopperOf(shop, VISITOR);
  made.checkout = await readyCheckout(call, [{ skuId: 1, quantity: 1 }]);
  made.order = (await pay(call, await readyCheckout(call, [{ skuId: 1, quantity: 1 }]))).data.orderToken;
  // The visitor keeps a line in the cart.
  await call('POST', '/shopping-carts', { skuId: 5, quantity: 1 });
  made.token = (await newCustomer(shop)).token;
}, 60_000);
afterAll(() => shop.close());

const get = (path: string, cookie?: string) =>
  shop.app.request(
    path.replace(/\{(\w+)\}/g, (_, name: string) => made[name]!),
    { headers: cookie ? { Cookie: cookie } : {} },
  );

describe('an anonymous visitor', () => {
  it.each(PUBLIC_PAGES)('%s: may be kept by any cache and given to everyone, with no cookie set', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(EVERYONE);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
  });

  it.each(PRIVATE_PAGES)('%s: the visitor’s own, kept by no cache', async (path) => {
    const response = await get(path);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('cache-control')).not.toContain('public');
  });
});

describe('a visitor of their own', () => {
  it('with a cart gets the very page everyone gets: the count is drawn by their browser', async () => {
    for (const path of ['/', '/products/linen-shirt', '/collections/apparel']) {
      const theirs = await get(path, `sakUUID=${VISITOR}`);
      expect(theirs.headers.get('cache-control')).toBe(EVERYONE);
      const anyone = await get(path);
      expect(await theirs.text()).toBe(await anyone.text());
    }
  });

  it('signed in, or in another currency, gets a page no shared cache keeps', async () => {
    const signedIn = await get('/products/linen-shirt', `token=${made.token}; signedIn=1`);
    expect(signedIn.headers.get('cache-control')).toMatch(/^private/);
    const euros = await get('/products/linen-shirt', 'currency=EUR');
    expect(euros.headers.get('cache-control')).toBe('private, no-cache');
    expect(await euros.text()).toMatch(/\bcurrency:"EUR"|"currency":"EUR"/);
    // Choosing a currency is remembered: that answer is the visitor's.
    const chosen = await get('/products/linen-shirt?currency=EUR');
    expect(chosen.headers.get('cache-control')).toBe('private, no-cache');
    expect(chosen.headers.getSetCookie().join()).toMatch(/^currency=EUR/);
  });

  it('switching language with ?lang= is a redirect no cache keeps', async () => {
    const response = await get('/products/linen-shirt?lang=fr');
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});
