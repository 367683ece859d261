import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';
import { formatHtml, renderFixture, renderOneBlock } from '../../test-support/blocks/render-fixture';
import { parseInline, parseRichText } from './markup';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const render = (body: string) => renderOneBlock('rich-text', { body, align: 'left', width: 'normal' });

describe('rich-text block', () => {
  it('renders its fixture on the server (snapshot)', async () => {
    expect(formatHtml(await renderFixture('rich-text', shop))).toMatchSnapshot();
  });

  it('renders French when the page is French', async () => {
    expect(await renderFixture('rich-text', shop, 'fr')).toContain('Notre histoire');
  });

  it('shows HTML written in the text as text, never as markup', async () => {
    const html = await render('<script>alert(1)</script> <b>bold</b>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('drops unsafe link addresses and keeps their text', async () => {
    const html = await render('[click](javascript:alert(1)) and [data](data:text/html,hi)');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('href="data:');
    expect(html).toContain('click');
  });
});

describe('rich-text markup', () => {
  it('reads bold, italic and links, nested', () => {
    expect(parseInline('a **b *c* d** [d](/e)')).toEqual([
      { kind: 'text', text: 'a ' },
      {
        kind: 'strong',
        children: [
          { kind: 'text', text: 'b ' },
          { kind: 'em', children: [{ kind: 'text', text: 'c' }] },
          { kind: 'text', text: ' d' },
        ],
      },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: '/e', children: [{ kind: 'text', text: 'd' }] },
    ]);
  });

  it('splits paragraphs on blank lines and reads "- " lines as a list', () => {
    expect(parseRichText('one\ntwo\n\n- a\n- b\n\n\nthree').map((b) => b.kind)).toEqual(['paragraph', 'list', 'paragraph']);
  });

  it('refuses protocol-relative links', () => {
    expect(parseInline('[x](//evil.example)')).toEqual([{ kind: 'text', text: 'x' }]);
  });
});
