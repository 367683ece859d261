import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../server/testing/test-app';
import { renderPageView } from '../../renderer/testing/render-page';
import { fixturePage, viewOf } from '../testing/render-fixture';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe('bundle block', () => {
  it('shows the product’s bundles with “add all”', async () => {
    const html = await renderPageView(await viewOf(await fixturePage('bundle'), shop));
    expect(html).toContain('Cold-weather set');
    expect(html).toMatch(/Add all 2 to cart/);
  });

  it('shows nothing for a product in no bundle', async () => {
    const page = await fixturePage('bundle');
    const none = { ...page, blocks: [{ ...page.blocks[0]!, settings: { product: 'leather-wallet' } }] } as typeof page;
    expect(await renderPageView(await viewOf(none, shop))).not.toContain('class="bundle"');
  });
});
