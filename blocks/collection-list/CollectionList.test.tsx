import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';
import { formatHtml, renderFixture } from '../../test-support/blocks/render-fixture';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe('collection-list block', () => {
  it('renders its fixture on the server (snapshot)', async () => {
    expect(formatHtml(await renderFixture('collection-list', shop))).toMatchSnapshot();
  });

  it('shows each collection in order with its banner, title and product count, and skips unknown ones', async () => {
    const html = await renderFixture('collection-list', shop);
    expect(html.indexOf('Apparel')).toBeLessThan(html.indexOf('Home &amp; living'));
    expect(html).toContain('href="/collections/apparel"');
    expect(html).toContain('7 products');
    expect(html).toContain('/media/banner-apparel.webp');
    expect(html).not.toContain('no-such-collection');
  });

  it('speaks the page language', async () => {
    expect(await renderFixture('collection-list', shop, 'fr')).toContain('Acheter par catégorie');
  });
});
