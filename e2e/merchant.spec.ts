import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { MERCHANT_TOKEN } from './playwright.config';

const auth = { Authorization: `Bearer ${MERCHANT_TOKEN}` };
const page1 = (text: string, limit = 4) => ({
  $schema: '../../schemas/page.schema.json',
  handle: 'e2e-offer',
  kind: 'shop',
  title: 'Weekend offer',
  blocks: [
    { id: 'intro', type: 'rich-text', settings: { heading: text, body: 'Only this weekend.' } },
    { id: 'grid', type: 'product-grid', settings: { collection: 'hot-sale', limit } },
  ],
});

test('a merchant saves a changed page and the next visit shows it; an invalid one is refused and the old page stays', async ({
  page,
  request,
}) => {
  const first = await request.put('/api/pages/e2e-offer', { headers: auth, data: page1('Weekend offer') });
  expect(first.status()).toBe(201);
  await page.goto('/pages/e2e-offer');
  await expect(page.getByRole('heading', { level: 2, name: 'Weekend offer' })).toBeVisible();

  const second = await request.put('/api/pages/e2e-offer', { headers: auth, data: page1('Weekend offer: 20% off') });
  expect(second.status()).toBe(200);
  expect((await second.json()).data.version).toBe(2);
  await page.goto('/pages/e2e-offer');
  await expect(page.getByRole('heading', { level: 2, name: 'Weekend offer: 20% off' })).toBeVisible();

  const invalid = await request.put('/api/pages/e2e-offer', { headers: auth, data: page1('Broken', 99) });
  expect(invalid.status()).toBe(400);
  expect((await invalid.json()).data.errors).toEqual([
    { path: '/blocks/1/settings/limit', message: 'must be at most 48 (product-grid block "grid")' },
  ]);
  await page.goto('/pages/e2e-offer');
  await expect(page.getByRole('heading', { level: 2, name: 'Weekend offer: 20% off' })).toBeVisible();
  await expect(page.getByText('Broken')).toHaveCount(0);
});

test('saving without the merchant token is refused', async ({ request }) => {
  const response = await request.put('/api/pages/e2e-offer', { data: page1('Sneaky') });
  expect(response.status()).toBe(401);
});

test('an invalid draft shows the merchant its errors through a preview link, while shoppers see the live page', async ({
  page,
  request,
}) => {
  const live = await request.put('/api/pages/e2e-draft', {
    headers: auth,
    data: { ...page1('The live offer'), handle: 'e2e-draft' },
  });
  expect(live.status()).toBe(201);
  const draft = await request.put('/api/pages/e2e-draft?draft=1', {
    headers: auth,
    data: { ...page1('A broken draft', 99), handle: 'e2e-draft' },
  });
  expect(draft.status()).toBe(200);
  const { version } = (await draft.json()).data as { version: number };
  const link = await request.post(`/api/pages/e2e-draft/versions/${version}/preview`, { headers: auth });
  const { path } = (await link.json()).data as { path: string };

  await page.goto(path);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 2, name: `Version ${version} cannot be shown: 1 error.` })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '/blocks/1/settings/limit' })).toContainText('must be at most 48');
  await expectNoAxeViolations(page);

  await page.goto('/pages/e2e-draft');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 2, name: 'The live offer' })).toBeVisible();
  await expect(page.getByText('cannot be shown')).toHaveCount(0);
});
