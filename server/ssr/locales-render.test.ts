// Every page type renders in every language without a missing translation, with <html lang> set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intlLocale, LOCALE_CODES } from '../../renderer/i18n/locales';
import { pay, readyCheckout, shopperOf } from '../../test-support/server/buyer';
import { createTestShop, merchantHeaders, type TestShop } from '../../test-support/server/test-app';
import { newCustomer } from '../../test-support/server/customers';
import { eq } from 'drizzle-orm';
import { customerOrders } from '../db/customer-schema';
import { orders } from '../db/order-schema';
import { inLanguage } from '../../test-support/server/in-language';

const PAGES = [
  '/',
  '/collections/apparel',
  '/collections/all?sort=price-asc&color=black',
  '/products/linen-shirt',
  '/search?q=linen',
  '/search?q=zzzz',
  '/pages/faqs',
  '/policies',
  '/cart',
  '/cart/checkout',
  '/checkout/{checkout}',
  '/checkout/shipping?token={checkout}',
  '/checkout/payment?token={checkout}',
  '/checkout/soldOut?token={checkout}',
  '/thankyou/{order}',
  '/track',
  '/track?number=VGTRACK0001',
  '/track/{order}',
  '/payment/information?order={order}',
  '/payment/failed?order={failed}',
  '/payment/canceled?order={canceled}',
  '/payment/missing',
  '/nope',
  '/account/login?redirect=%2Faccount%2Fprofile',
  '/account/login?tab=register',
  '/account/forgotten',
  '/account/reset?token=x',
  '/account/activate?token=x',
  '/account/email?token=x',
  '/password/store',
  '/password/funnel',
  '/pages/contact',
  '/pages/feedback',
  '/newsletter/confirm?token=x',
  '/newsletter/unsubscribe?id=1&sig=x',
];
/** The pages of a signed-in customer (asked for with the session's cookie). */
const ACCOUNT_PAGES = [
  '/account/dashboard',
  '/account/profile',
  '/account/password',
  '/account/orders',
  '/account/orderDetails?id={orderId}',
];
/** A checkout and a paid order of the test shop, named in the paths above. */
const made: Record<string, string> = {};
let token = '';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop('pglite', { pageCacheTtlMs: 0 });
  const call = shopperOf(shop, '0c0ffee0-0000-4000-8000-00000000a11e');
  made.checkout = await readyCheckout(call, [{ skuId: 1, quantity: 1 }]);
  made.order = (await pay(call, await readyCheckout(call, [{ skuId: 1, quantity: 1 }]))).data.orderToken;
  // 3-D Secure cards left waiting, then failed and canceled: the payment result pages.
  for (const end of ['failed', 'canceled'] as const) {
    const buyNow = await readyCheckout(call, [{ skuId: 1, quantity: 1 }], { buyNow: true });
    made[end] = (await pay(call, buyNow, '4000 0027 6000 3184')).data.orderToken;
    if (end === 'failed') await call('POST', '/paymentStrategy/failure', { orderToken: made[end], code: 80003 });
    else await call('POST', '/paymentStrategy/cancel', { orderToken: made[end] });
  }
  const customer = await newCustomer(shop);
  token = customer.token;
  // The paid order is the customer's, delivered: its page shows the return form.
  const [order] = await shop.database.db
    .update(orders)
    .set({ fulfillmentStatus: 'delivered' })
    .where(eq(orders.token, made.order))
    .returning();
  await shop.database.db.insert(customerOrders).values({ orderId: order!.id, customerId: customer.id, how: 'placed' });
  made.orderId = String(order!.id);
});
afterAll(() => shop.close());

describe.each(LOCALE_CODES)('pages in %s', (code) => {
  it('render with every string translated and the page language set', async () => {
    for (const page of [...PAGES, ...ACCOUNT_PAGES]) {
      const path = page.replace(/\{(\w+)\}/g, (_, name: string) => made[name]!);
      const headers = ACCOUNT_PAGES.includes(page) ? { Cookie: `token=${token}` } : undefined;
      const response = await shop.app.request(inLanguage(path, code), { headers });
      const html = await response.text();
      const lang = code === 'en' ? 'en-US' : intlLocale(code);
      expect(html, path).toMatch(new RegExp(`<html lang="${lang}">`));
      if (ACCOUNT_PAGES.includes(page)) expect(response.status, path).toBe(200);
    }
    expect(shop.logs.filter((line) => line.includes('missing translation'))).toEqual([]);
  });
});

it('English takes the variant of the site (en-US), or the one asked for', async () => {
  expect(await (await shop.app.request('/en-gb')).text()).toContain('Basket');
  expect(await (await shop.app.request('/')).text()).toMatch(/<html lang="en-US">/);
});

it.each(['maintenance', 'closed'] as const)('the %s page renders in every language', async (state) => {
  const patch = (body: object) =>
    shop.app.request('/api/site', { method: 'PATCH', headers: merchantHeaders, body: JSON.stringify(body) });
  await patch({ siteMode: { state, endsAt: new Date(Date.now() + 3600_000).toISOString() } });
  try {
    for (const code of LOCALE_CODES) {
      const response = await shop.app.request(inLanguage(`/${state}`, code));
      expect(response.status).toBe(503);
      expect(await response.text()).toMatch(new RegExp(`<html lang="${code === 'en' ? 'en-US' : intlLocale(code)}">`));
    }
    expect(shop.logs.filter((line) => line.includes('missing translation'))).toEqual([]);
  } finally {
    await patch({ siteMode: { state: 'live' } });
  }
});
