import { describe, expect, it } from 'vitest';
import { renderPageView } from '../../test-support/renderer/render-page';
import { FIXED_NOW, fixturePage } from '../../test-support/blocks/render-fixture';

const render = async (locale = 'en') =>
  renderPageView({ id: 1, version: 1, page: await fixturePage('contact-form'), data: {}, now: FIXED_NOW }, { locale });

describe('contact-form block', () => {
  it('labels each field (the phone as optional) and ties each to the line where its problem shows', async () => {
    const html = await render();
    expect(html).toContain('Send us a message');
    expect(html).toContain('We reply within one business day.');
    for (const [field, label] of [
      ['name', 'Name'],
      ['email', 'Email'],
      ['message', 'Message'],
    ]) {
      expect(html).toMatch(new RegExp(`<label for="write-${field}">${label}</label>`));
      expect(html).toContain(`id="write-${field}-error" aria-live="polite"`);
    }
    expect(html).toMatch(
      /<label for="write-phone">Phone<span class="field__optional"> \(<!-- -->optional<!-- -->\)<\/span><\/label>/,
    );
    expect(html).toMatch(/<textarea id="write-message"[^>]*name="message"/);
    expect(html).toMatch(/<input id="write-email"[^>]*autoComplete="email"/i);
  });

  it('hides its honeypot from people: off screen, out of the tab order, never autofilled', async () => {
    const html = await render();
    const honeypot = /<div class="form-honeypot" aria-hidden="true">(.*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(honeypot).toMatch(/^<label for="write-website">Leave this field empty<\/label><input /);
    for (const attribute of ['id="write-website"', 'name="website"', 'tabindex="-1"', 'autoComplete="off"', 'value=""'])
      expect(honeypot).toContain(attribute);
  });

  it('speaks the page language', async () => {
    const html = await render('fr');
    expect(html).toContain('Écrivez-nous');
    expect(html).toContain('Envoyer le message');
    expect(html).toContain('Nous répondons sous un jour ouvré.');
    expect(html).toContain('(<!-- -->facultatif<!-- -->)');
  });
});
