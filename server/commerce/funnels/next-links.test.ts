import { describe, expect, it } from 'vitest';
import type { Page } from '../../../schemas/generated/page';
import { withNextLinks } from './next-links';

describe('links to #next on a funnel page', () => {
  const page = {
    handle: 'p',
    kind: 'funnel',
    blocks: [
      { id: 'hero', type: 'image-banner', settings: { image: 'a.webp', alt: '', buttonLink: '#next' } },
      { id: 'text', type: 'rich-text', settings: { body: { en: '[Go](#next) or [stay](#top)', fr: '[Aller](#next)' } } },
    ],
  } as unknown as Page;

  it('lead to the funnel’s next step, in button links and Markdown links of every language', () => {
    const linked = withNextLinks(page, '/funnel/f?pageId=checkout');
    expect(linked.blocks[0]!.settings).toMatchObject({ buttonLink: '/funnel/f?pageId=checkout' });
    expect(linked.blocks[1]!.settings).toEqual({
      body: { en: '[Go](/funnel/f?pageId=checkout) or [stay](#top)', fr: '[Aller](/funnel/f?pageId=checkout)' },
    });
  });

  it('leave the page itself as it is (it is shared by every render)', () => {
    withNextLinks(page, '/x');
    expect(page.blocks[0]!.settings).toMatchObject({ buttonLink: '#next' });
  });
});
