import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';
import { renderPageView } from '../../test-support/renderer/render-page';
import { fixturePage, viewOf } from '../../test-support/blocks/render-fixture';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe('featured-product block', () => {
  it('shows the product’s photo, name and the catalog’s price (sale price and the one it replaces), and its button', async () => {
    const html = await renderPageView(await viewOf(await fixturePage('featured-product'), shop));
    expect(html).toContain('<h2 id="shirt-title">Linen Shirt</h2>');
    expect(html).toMatch(/<img[^>]*class="featured-product__image"[^>]*src="\/media\/linen-shirt-sand\.webp\?w=800"/);
    // The server's prices (fixtures/products.json: $59.00, was $79.00), not text typed into the page.
    expect(html).toContain('$59.00');
    expect(html).toMatch(/<s class="price__was"><span>\$79\.00<\/span><\/s>/);
    expect(html).toContain('href="/products/linen-shirt"');
    expect(html).toContain('Get yours');
  });

  it('shows the product and its button in the page language', async () => {
    const view = await viewOf(await fixturePage('featured-product'), shop, 'fr');
    const html = await renderPageView(view, { locale: 'fr' });
    expect(html).toContain('Chemise en lin');
    expect(html).toContain('Je la veux');
  });

  it('shows nothing for a product no longer on sale', async () => {
    const html = await renderPageView(await viewOf(await fixturePage('featured-product'), shop));
    expect(html.match(/class="featured-product"/g)).toHaveLength(1);
  });
});
