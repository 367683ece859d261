// One page for everyone, personal parts drawn by the browser (issue 28, docs/caching.md): the product page
// a shared cache keeps is the same answer for an anonymous visitor and for one with a cart who is signed
// in; each still sees their own header. A new visitor's browser makes its own visitor id.
import { randomUUID } from 'node:crypto';
import { expect, hydrated, test } from './fixtures';
import { apiData, fullestSku } from './shop-api';
import { E2E_ORIGIN } from './signed';

const PAGE = '/products/organic-cotton-tee';

test('a page a CDN may keep is the same answer for everyone; the cart count and account are each visitor’s', async ({
  page,
  browser,
  request,
}) => {
  // Another visitor, with three items in the cart and signed in (the header's hint), made ready first so
  // that the two visits follow each other closely.
  const visitor = randomUUID();
  const skuId = await fullestSku(request, 'linen-shirt');
  await apiData(await request.post('/api/shopping-carts', { headers: { customerUUID: visitor }, data: { skuId, quantity: 3 } }));
  const theirs = await browser.newContext();
  await theirs.addCookies([
    { name: 'sakUUID', value: visitor, url: E2E_ORIGIN },
    { name: 'signedIn', value: '1', url: E2E_ORIGIN },
    { name: 'consent', value: (await page.context().cookies()).find((c) => c.name === 'consent')!.value, url: E2E_ORIGIN },
  ]);
  const their = await theirs.newPage();

  // An anonymous visitor: a page for everyone, no cookie set by the server.
  const first = await page.goto(PAGE, { waitUntil: 'commit' });
  expect(first!.headers()['cache-control']).toMatch(/^public, .*s-maxage=\d+/);
  expect(first!.headers()['set-cookie']).toBeUndefined();
  expect(first!.headers()['vary']).toBe('Accept-Encoding');
  // The other visitor gets the same answer, taken from the page cache for everyone. Whether it is still
  // fresh there (HIT) or served once more while a new one renders (STALE) depends on the cache's two
  // seconds in this run; either way it is not a page rendered for that visitor (BYPASS).
  const answer = await their.goto(PAGE, { waitUntil: 'commit' });
  expect(['HIT', 'STALE']).toContain(answer!.headers()['x-vitrine-page-cache']);
  expect(await answer!.text()).toBe(await first!.text());

  // Each sees their own header, drawn by the browser; the anonymous visitor's browser makes its id.
  await hydrated(page);
  expect((await page.context().cookies()).find((c) => c.name === 'sakUUID')?.value).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.locator('.site-header__cart-count')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeAttached();
  await hydrated(their);
  await expect(their.locator('.site-header__cart-count')).toHaveText('3');
  await expect(their.getByRole('link', { name: 'Your account' })).toBeAttached();
  await theirs.close();
});
