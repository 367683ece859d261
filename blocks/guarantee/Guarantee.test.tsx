import { describe, expect, it } from 'vitest';
import { renderPageView } from '../../test-support/renderer/render-page';
import { FIXED_NOW, fixturePage } from '../../test-support/blocks/render-fixture';

const render = async (locale = 'en') =>
  renderPageView({ id: 1, version: 1, page: await fixturePage('guarantee'), data: {}, now: FIXED_NOW }, { locale });

describe('guarantee block', () => {
  it('shows the three service promises of the spec by default, and a chosen few in the order given', async () => {
    const html = await render();
    const [all, two] = html.split('block--guarantee').slice(1);
    for (const promise of ['30-day money-back guarantee', 'Free delivery from $75.00', '24-hour online service'])
      expect(all).toContain(promise);
    expect(two).toContain('Our promise');
    expect(two!.indexOf('Free delivery')).toBeLessThan(two!.indexOf('30-day'));
    expect(two).not.toContain('24-hour');
  });

  it('names an untitled list of promises for screen readers', async () => {
    expect(await render()).toContain('aria-label="Our promises"');
  });
});
