import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';
import { formatHtml, renderFixture } from '../../test-support/blocks/render-fixture';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe('image-banner block', () => {
  it('renders its fixture on the server (snapshot)', async () => {
    expect(formatHtml(await renderFixture('image-banner', shop))).toMatchSnapshot();
  });

  it('offers every resize width as srcset and describes the image', async () => {
    const html = await renderFixture('image-banner', shop);
    for (const w of [100, 200, 300, 400, 450, 500, 600, 800, 1200, 1920])
      expect(html).toContain(`/media/banner-hero.webp?w=${w} ${w}w`);
    expect(html).toContain('alt="Linen and stoneware on a table"');
  });

  it('loads a priority banner first and links its button with the query kept', async () => {
    const html = await renderFixture('image-banner', shop);
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain('loading="eager"');
    expect(html).toContain('href="/collections/new-arrivals?sort=newest"');
  });
});
