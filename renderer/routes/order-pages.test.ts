// The order pages through the real app: the address each one answers, its cache policy, what the
// server renders before any script runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const page = async (path: string) => {
  const response = await shop.app.request(path);
  return { response, html: await response.text() };
};

describe('order pages', () => {
  it('/checkout/soldOut is the sold-out notice (not a checkout), private and not indexed', async () => {
    const { response, html } = await page('/checkout/soldOut');
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Vitrine-Page-Cache')).toBe('BYPASS');
    expect(html).toContain('Some items are no longer available. Your cart has been updated.');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('href="/cart"');
    expect(html).not.toContain('Back to checkout');
  });

  it('/checkout/soldOut?token= links back to that checkout (and ignores a token that cannot be one)', async () => {
    const token = '0123456789abcdef0123456789abcdef';
    expect((await page(`/checkout/soldOut?token=${token}`)).html).toContain(`href="/checkout/${token}"`);
    expect((await page('/checkout/soldOut?token=%22%3E%3Cscript%3E')).html).not.toContain('Back to checkout');
  });

  it('a thank-you address that names no order says so, privately', async () => {
    for (const handle of ['0123456789abcdef0123456789abcdef', 'VG-10001']) {
      const { response, html } = await page(`/thankyou/${handle}`);
      expect(response.headers.get('X-Vitrine-Page-Cache')).toBe('BYPASS');
      expect(html).toContain('Order not found');
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
  });

  it('/track is the tracking form with the carrier delay notice', async () => {
    const { response, html } = await page('/track');
    expect(response.status).toBe(200);
    expect(html).toContain('Carrier data may be delayed 3–5 days.');
    expect(html).toContain('Tracking number');
    // No error shown: the order-number form's alert region is there, empty, for what it will announce.
    expect(html).not.toMatch(/role="alert"[^>]*>[^<]/);
  });

  it('an empty or unknown tracking number shows why, with the form again', async () => {
    expect((await page('/track?number=')).html).toContain('Enter a tracking number.');
    const unknown = await page('/track?number=NOPE12345');
    expect(unknown.html).toContain('No shipment has the tracking number NOPE12345.');
    expect(unknown.html).toContain('aria-invalid="true"');
    expect((await page(`/track?number=${'X'.repeat(60)}`)).html).toContain('No shipment has the tracking number');
    expect((await page('/track/0123456789abcdef0123456789abcdef')).html).toContain('We could not find this order.');
    expect(shop.faults).toEqual([]);
  });
});
