import { describe, expect, it } from 'vitest';
import type { Review } from '../../../schemas/generated/api';
import { withDates } from './product-page-data';
import { renderInShop } from '../../../test-support/renderer/render-page';
import { Reviews } from './Reviews';

async function render(review: Partial<Review>) {
  const item: Review = {
    id: 1,
    author: 'Sam',
    rating: 5,
    title: 'Great',
    body: 'Nice',
    verified: true,
    helpful: 0,
    locale: 'en',
    createdAt: '2026-11-01T10:00:00Z',
    ...review,
  };
  return renderInShop(
    <Reviews
      handle="x"
      statistics={{ count: 1, average: 5, verified: 1, distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 1 } }}
      first={withDates({ items: [item], total: 1 }, 'en')}
    />,
  );
}

describe('reviews', () => {
  it('show what a reviewer wrote as text, never as HTML', async () => {
    const html = await render({
      title: '<img src=x onerror=alert(1)>',
      body: '<script>alert("hi")</script> <b>so soft</b>',
      author: '<i>Eve</i>',
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>so soft</b>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &lt;b&gt;so soft&lt;/b&gt;');
    expect(html).toContain('&lt;i&gt;Eve&lt;/i&gt;');
  });

  it('mark verified buyers, give the stars and the date', async () => {
    const html = await render({ rating: 4 });
    expect(html).toContain('Verified buyer');
    expect(html).toContain('4.0 out of 5 stars');
    expect(html).toContain('Nov 1, 2026');
  });

  it('are dated in the language of the page, by the same day everywhere (UTC)', () => {
    const list = { items: [{ createdAt: '2026-11-01T23:30:00Z' } as Review], total: 1 };
    expect(withDates(list, 'en').items[0]!.dateText).toBe('Nov 1, 2026');
    expect(withDates(list, 'fr').items[0]!.dateText).toBe('1 nov. 2026');
    expect(withDates(list, 'de').items[0]!.dateText).toBe('01.11.2026');
  });
});
