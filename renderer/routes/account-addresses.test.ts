// The address book's pages through the real app: the signed-in customer's own addresses, private and not
// indexed; a stranger sent to sign in (and back); another customer's address id a 404 that shows nothing of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, type TestCustomer } from '../../test-support/server/customers';
import { DUTCH_ADDRESS, TEST_ADDRESS } from '../../test-support/server/test-address';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';
import type { CustomerAddress } from '../../schemas/generated/api';
import { intlLocale, LOCALE_CODES } from '../i18n/locales';
import { inLanguage } from '../../test-support/server/in-language';

let shop: TestShop;
let alice: TestCustomer;
let bob: TestCustomer;
let alicesHome: CustomerAddress;

beforeAll(async () => {
  shop = await createTestShop();
  alice = await newCustomer(shop);
  bob = await newCustomer(shop);
  const add = async (customer: TestCustomer, address: unknown) =>
    (
      (await (
        await shop.app.request('/api/customer/addresses', {
          method: 'POST',
          headers: customer.headers,
          body: JSON.stringify(address),
        })
      ).json()) as { data: CustomerAddress }
    ).data;
  alicesHome = await add(alice, { ...TEST_ADDRESS, address1: '221 Secret Lane' });
  await add(alice, DUTCH_ADDRESS);
});
afterAll(() => shop?.close());

const page = async (path: string, customer?: TestCustomer) => {
  const response = await shop.app.request(path, customer ? { headers: { Cookie: `token=${customer.token}` } } : {});
  return { response, html: await response.text() };
};

describe('address book pages', () => {
  it('/account/addresses lists the customer’s own addresses, the default first and marked, privately', async () => {
    const { response, html } = await page('/account/addresses', alice);
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Vitrine-Page-Cache')).toBe('BYPASS');
    expect(response.headers.get('Cache-Control')).toContain('private');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('<h1 id="account-title">Addresses</h1>');
    expect(html.indexOf('221 Secret Lane')).toBeGreaterThan(-1);
    expect(html.indexOf('221 Secret Lane')).toBeLessThan(html.indexOf('Damrak 1'));
    expect(html).toContain('Default address');
    expect(html).toContain(`href="/account/addressEdit?id=${alicesHome.id}"`);
    expect(shop.faults).toEqual([]);
  });

  it('another customer sees only their own (empty) book', async () => {
    const { html } = await page('/account/addresses', bob);
    expect(html).toContain('You have no saved addresses yet.');
    expect(html).not.toContain('Secret Lane');
  });

  it('/account/addressAdd is the checkout’s address form, the first address marked the default', async () => {
    const { response, html } = await page('/account/addressAdd', bob);
    expect(response.status).toBe(200);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('id="checkout-shippingAddress-address1"');
    expect(html).toContain('Your first address is your default address.');
    expect(html).toContain('Save address');
  });

  it('/account/addressEdit?id= fills the form with the address; another customer’s id is a 404', async () => {
    const own = await page(`/account/addressEdit?id=${alicesHome.id}`, alice);
    expect(own.response.status).toBe(200);
    expect(own.html).toContain('value="221 Secret Lane"');
    expect(own.html).toContain('This is your default address.');

    for (const path of [`/account/addressEdit?id=${alicesHome.id}`, '/account/addressEdit?id=999999', '/account/addressEdit']) {
      const other = await page(path, bob);
      expect(other.response.status, path).toBe(404);
      expect(other.html).not.toContain('Secret Lane');
    }
  });

  it('without a session each page goes to the login page, which comes back to it', async () => {
    for (const path of ['/account/addresses', '/account/addressAdd', `/account/addressEdit?id=${alicesHome.id}`]) {
      const { response } = await page(path);
      expect(response.status, path).toBeGreaterThanOrEqual(300);
      expect(response.status, path).toBeLessThan(400);
      expect(response.headers.get('Location'), path).toBe(`/account/login?redirect=${encodeURIComponent(path)}`);
    }
  });
});

describe.each(LOCALE_CODES)('address book pages in %s', (code) => {
  it('render with every string of theirs translated', async () => {
    for (const path of ['/account/addresses', '/account/addressAdd', `/account/addressEdit?id=${alicesHome.id}`]) {
      const { html } = await page(inLanguage(path, code), alice);
      expect(html, path).toMatch(new RegExp(`<html lang="${code === 'en' ? 'en-US' : intlLocale(code)}">`));
    }
    // Every key these pages use exists (a key missing in every language is logged; a language's own gaps
    // are locales/locales.test.ts's). The account menu's words (account.*) come with the account pages.
    expect(shop.logs.filter((line) => line.includes('missing translation') && /addressBook|checkout\./.test(line))).toEqual([]);
    expect(shop.faults).toEqual([]);
  });
});
