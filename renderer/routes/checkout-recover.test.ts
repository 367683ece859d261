// The pages of a reminder mail's links through the real app: private, not indexed, and what the server
// renders before any script runs (rendering never restores anything: the browser does, once).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts } from '../../server/db/checkout-schema';
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

describe('recovery pages', () => {
  it('/checkout/recover/{key} says it is restoring the checkout, privately, without changing anything', async () => {
    const key = '0123456789abcdef0123456789abcdef';
    const before = await shop.database.db.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.recoveryKey, key));
    const { response, html } = await page(`/checkout/recover/${key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Vitrine-Page-Cache')).toBe('BYPASS');
    expect(html).toContain('<title>Your checkout</title>');
    expect(html).toContain('Restoring your checkout…');
    expect(html).toContain('role="status"');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(before).toEqual([]);
  });

  it('a key that cannot be one says the link is no longer valid, with the way to the cart', async () => {
    const { html } = await page('/checkout/recover/not-a-key');
    expect(html).toContain('This link is no longer valid');
    expect(html).toContain('role="alert"');
    expect(html).toContain('href="/cart"');
  });

  it('/checkout/recover/{key}/stop asks before stopping the reminders (opening the link alone changes nothing)', async () => {
    const { response, html } = await page('/checkout/recover/0123456789abcdef0123456789abcdef/stop');
    expect(response.headers.get('X-Vitrine-Page-Cache')).toBe('BYPASS');
    expect(html).toContain('Stop the reminder emails about this unfinished checkout?');
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>Stop these reminders<\/button>/);
  });

  it('in French', async () => {
    const { html } = await page('/fr/checkout/recover/0123456789abcdef0123456789abcdef');
    expect(html).toContain('Restauration de votre commande…');
    expect(shop.faults).toEqual([]);
  });
});
