import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';
import { renderPageView } from '../../test-support/renderer/render-page';
import { fixturePage, viewOf } from '../../test-support/blocks/render-fixture';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe('volume-discount block', () => {
  it('volume-discount: the product’s tiers table (minimum quantity, order price, discount)', async () => {
    const html = await renderPageView(await viewOf(await fixturePage('volume-discount'), shop));
    expect(html).toContain('<th scope="col">Minimum quantity</th>');
    expect(html).toContain('<th scope="col">Order price</th>');
    expect(html).toContain('<th scope="col">Discount</th>');
    expect(html).toContain('Buy more, save more');
  });

  it('show nothing for a product without such a promotion', async () => {
    const page = await fixturePage('volume-discount');
    const none = { ...page, blocks: [{ ...page.blocks[0]!, settings: { product: 'leather-wallet' } }] } as typeof page;
    const html = await renderPageView(await viewOf(none, shop));
    expect(html).not.toContain('volume__table');
  });
});
