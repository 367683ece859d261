import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';
import { renderPageView } from '../../test-support/renderer/render-page';
import { fixturePage, viewOf } from '../../test-support/blocks/render-fixture';

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
