import { describe, expect, it } from 'vitest';
import { renderInShop } from '../../test-support/renderer/render-page';
import { ShopLink } from './ShopLink';

const drawn = (href: string) =>
  renderInShop(
    <ShopLink href={href} className="button">
      Go
    </ShopLink>,
  );

describe('ShopLink', () => {
  it('links a path of the shop through the router, its query and anchor kept', async () => {
    expect(await drawn('/collections/all?sort=newest#grid')).toContain('href="/collections/all?sort=newest#grid"');
  });

  it('links an address elsewhere, a contact address and an anchor as plain links', async () => {
    expect(await drawn('https://example.com/a')).toContain(
      '<a class="button" href="https://example.com/a" rel="noopener">Go</a>',
    );
    expect(await drawn('mailto:hello@example.com')).toContain('href="mailto:hello@example.com"');
    expect(await drawn('tel:+15550100')).toContain('href="tel:+15550100"');
    expect(await drawn('#faq')).toContain('href="#faq"');
  });

  // A page stored before links were checked, or a seeded menu, may hold anything: the text stays, the link goes.
  it.each([
    '/\\"><script>alert(1)</script>',
    '/\\evil.example',
    '//evil.example',
    'javascript:alert(1)',
    'data:text/html,x',
    '/a b',
    '',
  ])('never throws on %j: it draws the text alone', async (href) => {
    const html = await drawn(href);
    expect(html).toContain('Go');
    expect(html).not.toContain('<a');
    expect(html).not.toContain('<script');
  });
});
