import { describe, expect, it } from 'vitest';
import { renderPageView } from '../../test-support/renderer/render-page';
import { FIXED_NOW, fixturePage } from '../../test-support/blocks/render-fixture';

const render = async (locale = 'en') =>
  renderPageView({ id: 1, version: 1, page: await fixturePage('testimonials'), data: {}, now: FIXED_NOW }, { locale });

describe('testimonials block', () => {
  it('shows each quote as a figure with its author, place and rating', async () => {
    const html = await render();
    expect(html).toContain('What our customers say');
    expect(html).toContain('<blockquote><p>The coolest shirt I own.</p></blockquote>');
    expect(html).toMatch(/<figcaption>Maya R\.<span class="testimonials__place">, <!-- -->Lyon<\/span><\/figcaption>/);
    expect(html).toContain('aria-label="5.0 out of 5 stars"');
  });

  it('speaks the page language, English where a quote has no translation', async () => {
    const html = await render('fr');
    expect(html).toContain('Ce que disent nos clients');
    expect(html).toContain('La chemise la plus fraîche');
    expect(html).toContain('Softer after every wash.');
  });
});
