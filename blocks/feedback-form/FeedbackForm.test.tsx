import { describe, expect, it } from 'vitest';
import { renderPageView } from '../../test-support/renderer/render-page';
import { FIXED_NOW, fixturePage } from '../../test-support/blocks/render-fixture';

const render = async (locale = 'en') =>
  renderPageView({ id: 1, version: 1, page: await fixturePage('feedback-form'), data: {}, now: FIXED_NOW }, { locale });

describe('feedback-form block', () => {
  it('asks for a rating from 1 to 5 as one group of radio buttons, a message and an optional email', async () => {
    const html = await render();
    expect(html).toContain('Tell us what you think');
    expect(html).toMatch(/<fieldset class="feedback-rating"><legend>How would you rate your visit\?<\/legend>/);
    expect([...html.matchAll(/type="radio"[^>]*name="rating"/g)]).toHaveLength(5);
    expect(html).toContain('5 – Excellent');
    expect(html).toMatch(/<label for="feedback-message">Your feedback<\/label>/);
    expect(html).toMatch(/<label for="feedback-email">Email, if you would like an answer<span class="field__optional">/);
    expect(html).toContain('class="form-honeypot" aria-hidden="true"');
  });

  it('speaks the page language', async () => {
    const html = await render('fr');
    expect(html).toContain('Donnez-nous votre avis');
    expect(html).toContain('Chaque message est lu par l’équipe.');
  });
});
