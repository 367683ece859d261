import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';
import { renderInShop, renderPageView } from '../../test-support/renderer/render-page';
import { ThemePage } from '../../renderer/page/ThemePage';
import { ensureBlockComponents } from '../../renderer/page/block-components';
import { FunnelStepContext } from '../../renderer/state/funnel-step';
import { fixturePage, viewOf } from '../../test-support/blocks/render-fixture';

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

  it('placed before "Complete order": drawn into the checkout form once it is there, never in place on a checkout step', async () => {
    const page = await fixturePage('order-bump');
    const [bump] = page.blocks;
    const view = await viewOf(
      {
        ...page,
        blocks: [{ ...bump!, settings: { ...(bump!.settings as { product: string }), placement: 'beforePay' } }],
      } as typeof page,
      shop,
    );
    await ensureBlockComponents(['order-bump']);
    const onStep = await renderInShop(
      <FunnelStepContext.Provider value={{ handle: 'summer-linen', pageId: 'checkout', type: 'checkout' }}>
        <ThemePage view={view} />
      </FunnelStepContext.Provider>,
    );
    // The server has no form to draw it into (the form arrives once the page is live).
    expect(onStep).not.toContain('Add socks?');
    // Outside a funnel checkout step (the page previewed alone) it shows where it stands.
    expect(await renderPageView(view)).toContain('Add socks?');
  });
});
