import { describe, expect, it } from 'vitest';
import type { FunnelOffer } from '../../../schemas/generated/api';
import type { Page } from '../../../schemas/generated/page';
import { ensureBlockComponents } from '../../../renderer/page/block-components';
import { ThemePage } from '../../../renderer/page/ThemePage';
import { FunnelStepContext } from '../../../renderer/state/funnel-step';
import { renderInShop } from '../../../test-support/renderer/render-page';
import { FIXED_NOW, fixturePage } from '../../../test-support/blocks/render-fixture';

const offer: FunnelOffer = {
  token: `${'a'.repeat(32)}.${FIXED_NOW + 600_000}.${'b'.repeat(43)}`,
  stepId: 'socks',
  type: 'upsell',
  source: 'funnel',
  path: 'charge',
  status: 'shown',
  expiresAt: new Date(FIXED_NOW + 9 * 60_000 + 5_000).toISOString(),
  orderToken: 'c'.repeat(32),
  product: { handle: 'crew-socks-3-pack', title: 'Crew Socks, 3 Pack', variant: 'Mixed / M', image: null },
  quantity: 1,
  price: { amount: 1280, currencyCode: 'USD' },
  compareAtPrice: { amount: 1600, currencyCode: 'USD' },
  discountPercent: 20,
};

async function render(folder: string, shown?: FunnelOffer, locale = 'en') {
  const page: Page = await fixturePage(folder);
  await ensureBlockComponents([page.blocks[0]!.type]);
  return renderInShop(
    <FunnelStepContext.Provider
      value={{ handle: 'summer-linen', pageId: 'socks', type: 'upsell', ...(shown ? { offer: shown } : {}) }}
    >
      <ThemePage view={{ id: 1, version: 1, page, data: {}, now: FIXED_NOW }} />
    </FunnelStepContext.Provider>,
    { locale },
  );
}

describe('upsell and downsell blocks', () => {
  it('show the offer at its price, the time left by the server clock, and two forms that work without JavaScript', async () => {
    const html = await render('upsell', offer);
    expect(html).toContain('Wait! Add socks for 20% off');
    expect(html).toContain('Crew Socks, 3 Pack');
    expect(html).toContain('$12.80');
    expect(html).toContain('$16.00');
    expect(html).toContain('This offer ends in 09:05');
    const forms = [...html.matchAll(/<form action="\/api\/multicurrency\/upsell" method="post">/g)];
    expect(forms).toHaveLength(2);
    expect(html).toContain(`name="token" value="${offer.token}"`);
    expect(html).toContain('name="decision" value="accept"');
    expect(html).toContain('name="decision" value="decline"');
    expect(html).toContain('Yes, add it to my order');
    expect(html).toContain('no card details needed');
    // Spec: view confirmation (the main order's thank-you page).
    expect(html).toContain(`href="/thankyou/${offer.orderToken}"`);
    expect(html).toContain('View your order confirmation');
  });

  it('disables pay now once the offer window has closed', async () => {
    const html = await render('upsell', { ...offer, expiresAt: new Date(FIXED_NOW - 1000).toISOString() });
    expect(html).toContain('This offer has ended.');
    expect(html).toMatch(/<button type="submit" class="button button--wide" disabled=""/);
  });

  it('tells a bank buyer they confirm at their bank once more', async () => {
    expect(await render('upsell', { ...offer, path: 'redirect' })).toContain('with your bank once more');
  });

  it('the downsell takes its own words and can hide the countdown', async () => {
    const html = await render('downsell', { ...offer, type: 'downsell' });
    expect(html).toContain('How about a tote bag?');
    expect(html).toContain('Add the tote');
    expect(html).not.toContain('This offer ends in');
  });

  it('outside a buyer’s offer step (a page previewed alone) says what it will show', async () => {
    expect(await render('upsell')).toContain('the buyer&#x27;s offer appears here');
  });

  it('speaks the page language', async () => {
    const html = await render('upsell', offer, 'fr');
    expect(html).toContain('Oui, ajoutez-le à ma commande');
    expect(html).toContain('Non merci');
  });
});
