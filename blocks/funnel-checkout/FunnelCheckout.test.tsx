import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';
import { renderInShop } from '../../test-support/renderer/render-page';
import { ThemePage } from '../../renderer/page/ThemePage';
import { FunnelStepContext } from '../../renderer/state/funnel-step';
import { ensureBlockComponents } from '../../renderer/page/block-components';
import { fixturePage, viewOf } from '../../test-support/blocks/render-fixture';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

async function render(onStep: boolean, locale = 'en') {
  const page = await fixturePage('funnel-checkout');
  const view = await viewOf(page, shop, locale);
  await ensureBlockComponents(['funnel-checkout']);
  const content = <ThemePage view={view} />;
  return renderInShop(
    onStep ? (
      <FunnelStepContext.Provider value={{ handle: 'summer-linen', pageId: 'checkout', type: 'checkout' }}>
        {content}
      </FunnelStepContext.Provider>
    ) : (
      content
    ),
    { locale },
  );
}

const checked = (html: string) =>
  [...html.matchAll(/<input id="[^"]+" type="(?:radio|checkbox)"([^>]*)>/g)].map((m) => m[1]!.includes('checked=""'));

describe('funnel-checkout block', () => {
  it('draws its products on the server as radio buttons, the first marked selected chosen (spec: radio mode)', async () => {
    const html = await render(true);
    expect(html).toContain('Choose your shirt');
    expect(html).toContain('Linen Shirt');
    expect(html).toContain('Most popular');
    expect(checked(html)).toEqual([false, true, false]);
    expect(html).toMatch(/type="radio"/);
    // Several SKUs: the shopper picks one, with its own label; the quantity has its label too.
    expect(html).toMatch(/<label for="[^"]+-sku">Style<\/label>/);
    expect(html).toMatch(/<label for="[^"]+-qty">Quantity<\/label>/);
    // The form arrives after the page is interactive: the server's HTML shows that it is on its way.
    expect(html).not.toContain('Complete order');
  });

  it('says where the order form is when its page is shown outside its funnel', async () => {
    expect(await render(false)).toContain('The order form appears on the funnel&#x27;s checkout step.');
  });

  it('speaks the page language', async () => {
    const html = await render(true, 'fr');
    expect(html).toContain('Choisissez votre chemise');
    expect(html).toContain('Quantité');
  });
});
