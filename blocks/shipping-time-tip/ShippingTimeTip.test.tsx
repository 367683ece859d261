import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';
import { renderPageView } from '../../test-support/renderer/render-page';
import { fixturePage, viewOf } from '../../test-support/blocks/render-fixture';
import { countryOfLocale, deliveryWindow } from './delivery-dates';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe('shipping-time tip', () => {
  it('counts the delivery window from the server clock, for the listed country or the defaults', () => {
    const now = Date.UTC(2026, 10, 22, 12);
    const settings = { processingDays: 1, minDays: 3, maxDays: 7, countries: [{ country: 'US', minDays: 3, maxDays: 5 }] };
    const us = deliveryWindow(now, settings, 'US');
    expect([us.minDays, us.maxDays]).toEqual([3, 5]);
    expect(us.from.toISOString().slice(0, 10)).toBe('2026-11-26');
    expect(us.to.toISOString().slice(0, 10)).toBe('2026-11-28');
    expect(deliveryWindow(now, settings, 'JP')).toMatchObject({ minDays: 3, maxDays: 7 });
  });

  it('takes the shopper’s country from their language', () => {
    expect(countryOfLocale('en-GB')).toBe('GB');
    expect(countryOfLocale('fr')).toBe('FR');
    expect(countryOfLocale('en')).toBe('US');
    expect(countryOfLocale('cn')).toBe('CN');
  });

  it('draws the country list, the time and the dates of the shopper’s country', async () => {
    const page = await fixturePage('shipping-time-tip');
    const html = await renderPageView(await viewOf(page, shop));
    expect(html).toContain('Deliver to');
    expect(html).toMatch(/<option value="US" selected="">/);
    expect(html).toContain('Delivery in 3–5 days');
    // 2026-11-22 + 1 day of processing + 3 to 5 days in transit.
    expect(html).toContain('Order today, receive it between Nov 26 and Nov 28');
    const fr = await renderPageView(await viewOf(page, shop, 'fr'), { locale: 'fr' });
    expect(fr).toContain('Livraison en 5 à 9 jours');
    expect(fr).toContain('entre le 28 nov. et le 2 déc.');
  });
});
