import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';
import { formatHtml, renderFixture } from '../../test-support/blocks/render-fixture';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe('section block', () => {
  it('renders its fixture on the server (snapshot)', async () => {
    expect(formatHtml(await renderFixture('section', shop))).toMatchSnapshot();
  });

  it('lays its blocks out in the asked number of columns and skips hidden ones', async () => {
    const html = await renderFixture('section', shop);
    expect(html).toContain('--section-columns:3');
    expect(html).toContain('Free delivery');
    expect(html).toContain('30-day returns');
    expect(html).not.toContain('Hidden for now');
    expect(html.indexOf('id="one"')).toBeGreaterThan(html.indexOf('section__columns'));
  });
});
