import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../server/testing/test-app';
import { renderPageView } from '../../renderer/testing/render-page';
import { fixturePage, viewOf } from '../testing/render-fixture';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe('order-bump block', () => {
  it('offers the product with a labelled checkbox, unticked, at the server’s price', async () => {
    const page = await fixturePage('order-bump');
    const view = await viewOf(page, shop);
    const html = await renderPageView(view);
    expect(html).toContain('Add socks?');
    expect(html).toMatch(/<input id="([^"]+)" type="checkbox"\/><label for="\1">/);
    expect(html).toContain('Yes, add Crew Socks, 3-Pack');
    expect(html).toContain('Sent with your order.');
    expect(html).toContain('$18.00');
  });

  it('is not shown when its product is sold out', async () => {
    const page = await fixturePage('order-bump');
    const view = await viewOf(page, shop);
    const data = { ...view.data, bump: { ...(view.data.bump as object), skuId: null } };
    expect(await renderPageView({ ...view, data })).not.toContain('Add socks?');
  });
});
