import { describe, expect, it } from 'vitest';
import { renderPageView } from '../../test-support/renderer/render-page';
import { FIXED_NOW, fixturePage } from '../../test-support/blocks/render-fixture';

const render = async (locale = 'en') =>
  renderPageView({ id: 1, version: 1, page: await fixturePage('faq'), data: {}, now: FIXED_NOW }, { locale });

describe('faq block', () => {
  it('draws each question as a native disclosure, the first open, answers in paragraphs', async () => {
    const html = await render();
    expect(html).toContain('<h2 id=');
    expect(html).toContain('Frequently asked questions');
    expect(html).toMatch(/<details class="faq__item" open="">\s*<summary>When will my order arrive\?<\/summary>/);
    expect(html).toContain('<p>In 3 to 5 business days.</p><p>Express takes 1 to 2.</p>');
    expect([...html.matchAll(/<details/g)]).toHaveLength(2);
  });

  it('gives search engines the questions as FAQPage structured data, safe from a script-closing answer', async () => {
    const html = await render();
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!;
    expect(json).not.toContain('</script>');
    const data = JSON.parse(json);
    expect(data).toMatchObject({
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'When will my order arrive?' }, {}],
    });
    expect(data.mainEntity[1].acceptedAnswer.text).toContain('</script>');
  });

  it('speaks the page language', async () => {
    const html = await render('fr');
    expect(html).toContain('Questions fréquentes');
    expect(html).toContain('Quand ma commande arrivera-t-elle ?');
  });
});
