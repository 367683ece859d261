// A funnel a merchant saves through the API, opened by a shopper in Chromium: its first step and a later
// one hydrate without a console error, axe finds nothing, a step's page may leave out the shop's header
// and footer, and a new funnel version is what the next visit shows.
import { expect, expectNoAxeViolations, hydrated, test } from './fixtures';
import { MERCHANT_TOKEN } from './playwright.config';

const auth = { Authorization: `Bearer ${MERCHANT_TOKEN}` };
const stepPage = (handle: string, heading: string, frame: { header?: boolean; footer?: boolean } = {}) => ({
  handle,
  kind: 'funnel',
  title: heading,
  ...frame,
  blocks: [
    { id: 'intro', type: 'rich-text', settings: { heading, body: 'Only for the next **24 hours**.' } },
    { id: 'grid', type: 'product-grid', settings: { products: ['leather-wallet', 'wool-beanie'] } },
  ],
});
const steps = (withLanding: boolean) => [
  ...(withLanding ? [{ id: 'landing', type: 'landing', page: 'e2e-landing', next: 'checkout' }] : []),
  { id: 'checkout', type: 'checkout', page: 'e2e-checkout', next: 'upsell' },
  { id: 'upsell', type: 'upsell', page: 'e2e-upsell', product: 'leather-wallet', next: 'thanks', onDecline: 'thanks' },
  { id: 'thanks', type: 'thank-you', page: 'e2e-thanks' },
];

test('a funnel saved by the merchant: its steps hydrate, axe finds nothing, a step may hide the header, a new version shows', async ({
  page,
  request,
}) => {
  for (const [handle, heading, frame] of [
    ['e2e-landing', 'A bundle for the weekend', {}],
    ['e2e-checkout', 'Your bundle', { header: false }],
    ['e2e-upsell', 'Add a wallet?', { header: false, footer: false }],
    ['e2e-thanks', 'Thank you', {}],
  ] as const) {
    const saved = await request.put(`/api/pages/${handle}`, { headers: auth, data: stepPage(handle, heading, frame) });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  const funnel = await request.put('/api/funnels/e2e-weekend', {
    headers: auth,
    data: { handle: 'e2e-weekend', steps: steps(true) },
  });
  expect(funnel.ok(), await funnel.text()).toBe(true);

  await page.goto('/funnel/e2e-weekend');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 2, name: 'A bundle for the weekend' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/funnel/e2e-weekend?pageId=upsell');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Add a wallet?' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Leather Wallet/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // The merchant drops the landing page: the funnel's address opens its checkout step now.
  const changed = await request.put('/api/funnels/e2e-weekend', {
    headers: auth,
    data: { handle: 'e2e-weekend', steps: steps(false) },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  await page.goto('/funnel/e2e-weekend');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Your bundle' })).toBeVisible();
});
