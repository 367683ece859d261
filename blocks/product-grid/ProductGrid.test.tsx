import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';
import { renderPageView } from '../../test-support/renderer/render-page';
import type { Page } from '../../schemas/generated/page';
import { fixturePage, formatHtml, renderFixture, viewOf } from '../../test-support/blocks/render-fixture';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const gridPage = (settings: Record<string, unknown>) =>
  ({
    handle: 'p',
    kind: 'shop',
    blocks: [{ id: 'g', type: 'product-grid', settings: { limit: 8, columns: 4, showViewAll: true, ...settings } }],
  }) as Page;

describe('product-grid block', () => {
  it('renders its fixture on the server (snapshot)', async () => {
    expect(formatHtml(await renderFixture('product-grid', shop))).toMatchSnapshot();
  });

  it('shows title, image, price and compare-at price of each product of a collection, in order, up to the limit', async () => {
    const view = await viewOf(gridPage({ collection: 'hot-sale', limit: 2 }), shop);
    const html = await renderPageView(view);
    expect(html.indexOf('Linen Shirt')).toBeGreaterThan(-1);
    expect(html.indexOf('Hooded Sweatshirt')).toBeGreaterThan(html.indexOf('Linen Shirt'));
    expect(html).not.toContain('Rain Jacket');
    expect(html).toContain('$59.00');
    expect(html).toMatch(/<s class="price__was"><span>\$79\.00<\/span><\/s>/);
    expect(html).toContain(
      'srcSet="/media/linen-shirt-sand.webp?w=200 200w, /media/linen-shirt-sand.webp?w=400 400w, /media/linen-shirt-sand.webp?w=600 600w, /media/linen-shirt-sand.webp?w=800 800w"',
    );
    expect(html).toContain('href="/products/linen-shirt"');
    expect(html).toContain('href="/collections/hot-sale"');
  });

  it('keeps the order of a hand-picked list and skips unknown or archived products', async () => {
    const view = await viewOf(gridPage({ products: ['ceramic-mug', 'no-such-thing', 'enamel-camp-mug', 'linen-shirt'] }), shop);
    const html = await renderPageView(view);
    expect(html.indexOf('Ceramic Mug')).toBeLessThan(html.indexOf('Linen Shirt'));
    expect(html).not.toContain('Enamel');
    expect(html).not.toContain('View all');
  });

  it('marks sold-out products', async () => {
    const html = await renderPageView(await viewOf(gridPage({ products: ['stoneware-teapot'] }), shop));
    expect(html).toContain('Sold out');
  });

  it('shows product titles in the page language', async () => {
    const html = await renderPageView(await viewOf(await fixturePage('product-grid'), shop, 'fr'), { locale: 'fr' });
    expect(html).toContain('Chemise en lin');
    expect(html).toContain('En promo');
  });

  it('leaves nothing behind when it has no products or its data failed to load', async () => {
    const page = gridPage({ products: ['no-such-thing'] });
    expect(await renderPageView(await viewOf(page, shop))).not.toContain('product-grid__items');
    expect(await renderPageView({ id: 1, version: 1, page, data: {}, now: 0 })).not.toContain('product-grid__items');
  });
});
