// The account's order pages through the real app: private (never cached or indexed), only behind a
// session, and only with the customer's own orders, rendered on the server before any script runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, type TestCustomer } from '../../test-support/server/customers';
import { buyAs, linkOrder, ship, type BoughtOrder } from '../../test-support/server/customer-orders';
import { firstSku, setStock } from '../../test-support/server/skus';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
let owner: TestCustomer;
let order: BoughtOrder;
let guest: BoughtOrder;

beforeAll(async () => {
  shop = await createTestShop();
  const sku = (await firstSku(shop, 'linen-shirt')).id;
  await setStock(shop, sku, 1000);
  owner = await newCustomer(shop, { email: 'pages-owner@example.com', firstName: 'Pat' });
  order = await buyAs(shop, owner.email, [{ skuId: sku, quantity: 2 }]);
  await linkOrder(shop, order.orderId, owner.id);
  await ship(shop, order.number, 'delivered');
  guest = await buyAs(shop, owner.email, [{ skuId: sku, quantity: 1 }]);
}, 60_000);
afterAll(() => shop?.close());

const page = async (path: string, who?: TestCustomer) => {
  const response = await shop.app.request(path, who ? { headers: { Cookie: `token=${who.token}` } } : {});
  return { response, html: await response.text() };
};

describe('account order pages', () => {
  it('send a visitor without a session to the login page, coming back to the full address', async () => {
    for (const path of ['/account/orders?page=2', `/account/orderDetails?id=${order.orderId}`]) {
      const { response } = await page(path);
      expect(response.status).toBe(307);
      expect(response.headers.get('location')).toBe(`/account/login?redirect=${encodeURIComponent(path)}`);
    }
  });

  it('list the customer’s orders with the step that claims their guest orders, privately', async () => {
    const { response, html } = await page('/account/orders', owner);
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Vitrine-Page-Cache')).toBe('BYPASS');
    expect(response.headers.get('Cache-Control')).toContain('private');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain(`Order ${order.number}`);
    expect(html).toContain(`/account/orderDetails?id=${order.orderId}`);
    expect(html).not.toContain(`Order ${guest.number}`);
    expect(html).toContain('Claim this order');
    expect(html).toContain('Orders placed with another email address?');
  });

  it('show one order with its return form, in the page’s language', async () => {
    const { html } = await page(`/de/account/orderDetails?id=${order.orderId}`, owner);
    expect(html).toContain(`Bestellung ${order.number}`);
    expect(html).toContain('Rücksendung anfragen');
    expect(html).toContain('Zugestellt');
  });

  it('say "not found" for another customer’s order, as for one that does not exist', async () => {
    const stranger = await newCustomer(shop, { email: 'pages-stranger@example.com' });
    const theirs = await page(`/account/orderDetails?id=${order.orderId}`, stranger);
    const none = await page('/account/orderDetails?id=2147483647', stranger);
    for (const { response, html } of [theirs, none]) {
      expect(response.status).toBe(200);
      expect(html).toContain('This order is not in your account.');
      expect(html).not.toContain(order.number);
    }
    expect(shop.faults).toEqual([]);
  });
});
