// An A/B split upsell step in Chromium: each variant reaches its share of visitors, a visitor keeps theirs
// on reload (the variant is drawn on the server: no flicker), and the merchant's statistics match the
// orders the shoppers placed, to the cent.
import type { Browser, Page } from '@playwright/test';
import type { FunnelVariant } from '../schemas/generated/funnel';
import { assignmentSeed, pickVariant } from '../server/commerce/funnels/variants';
import { fillCard, fillInformation, GOOD_CARD } from './checkout-page';
import { expect, hydrated, refuseTrackers, test } from './fixtures';
import { MERCHANT_TOKEN, PORT } from './playwright.config';

const auth = { Authorization: `Bearer ${MERCHANT_TOKEN}` };
const variants: FunnelVariant[] = [
  { id: 'a', weight: 50 },
  { id: 'b', weight: 50, patch: [{ op: 'replace', path: '/blocks/0/settings/heading/en', value: 'Socks, the B way' }] },
];

/** A shopper whose visitor id is `visitor` (the sakUUID cookie, as the shop would have given them). */
async function shopper(browser: Browser, visitor: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'sakUUID', value: visitor, domain: '127.0.0.1', path: '/' }]);
  await refuseTrackers(context, `http://127.0.0.1:${PORT}`);
  return context.newPage();
}

test('a split upsell: each variant to its share of visitors, kept on reload; the stats match the orders', async ({
  browser,
  request,
}, testInfo) => {
  // A funnel of its own per attempt: a retry starts with no visitor assigned yet.
  const HANDLE = `e2e-split-${testInfo.retry}`;
  test.setTimeout(90_000);
  const demo = await request.get('/api/funnels/summer-linen', { headers: auth });
  const { data } = (await demo.json()) as { data: { funnel: { steps: Record<string, unknown>[] } } };
  const steps = data.funnel.steps.map((s) => (s.id === 'socks' ? { ...s, variants } : s));
  const saved = await request.put(`/api/funnels/${HANDLE}`, { headers: auth, data: { handle: HANDLE, steps } });
  expect(saved.ok(), await saved.text()).toBe(true);
  const funnelId = ((await (await request.get(`/api/funnels/${HANDLE}`, { headers: auth })).json()) as { data: { id: number } })
    .data.id;
  const from = new Date().toISOString();

  // Its share: 200 visitors open the split step; each variant gets about half (the draw is the server's).
  const drawn = { a: 0, b: 0 };
  for (let n = 0; n < 200; n++) {
    const visitor = `5b000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const step = await request.get(`/api/multicurrency/funnel/${HANDLE}?pageId=socks`, { headers: { customerUUID: visitor } });
    const variant = ((await step.json()) as { data: { variant: 'a' | 'b' } }).data.variant;
    expect(variant).toBe(pickVariant(variants, assignmentSeed(funnelId, 'socks', visitor)).id);
    drawn[variant]++;
  }
  expect(drawn.a).toBeGreaterThan(70);
  expect(drawn.b).toBeGreaterThan(70);

  // Two buyers, one of each variant (their draws known in advance from the seed).
  const buyers: Record<'a' | 'b', string> = { a: '', b: '' };
  for (let n = 1000; !buyers.a || !buyers.b; n++) {
    const visitor = `5b000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const variant = pickVariant(variants, assignmentSeed(funnelId, 'socks', visitor)).id as 'a' | 'b';
    if (!buyers[variant]) buyers[variant] = visitor;
  }
  const totals: Record<'a' | 'b', number> = { a: 0, b: 0 };
  for (const variant of ['a', 'b'] as const) {
    const page = await shopper(browser, buyers[variant]);
    await page.goto(`/funnel/${HANDLE}?pageId=checkout`);
    await hydrated(page);
    // The tee: the specs share one shop, and others buy the shirt's first size.
    await page.getByRole('radio', { name: /Organic Cotton Tee/ }).check();
    await fillInformation(page);
    await expect(page.getByRole('radio', { name: /Standard/ })).toBeChecked();
    await fillCard(page, GOOD_CARD);
    await page.getByRole('button', { name: 'Complete order' }).click();
    await page.waitForURL(/pageId=socks/, { timeout: 20_000 });
    await hydrated(page);
    const heading = variant === 'a' ? 'Wait! Add socks for 20% off' : 'Socks, the B way';
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    // Kept on reload, drawn in the server's HTML (no flicker).
    const html = await (await page.request.get(page.url())).text();
    expect(html).toContain(heading);
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    const order = new URL(page.url()).searchParams.get('order')!;
    if (variant === 'a') await page.getByRole('button', { name: 'Yes, add it to my order' }).click();
    else await page.getByRole('button', { name: 'No thanks' }).click();
    await page.waitForURL(variant === 'a' ? /pageId=thanks/ : /pageId=tote/, { timeout: 20_000 });
    const bought = (await (
      await page.request.get(`http://127.0.0.1:${PORT}/api/multicurrency/general/order/${order}`)
    ).json()) as {
      data: { totals: { totalPrice: { amount: number } }; upsellOrders: { totals: { totalPrice: { amount: number } } }[] };
    };
    totals[variant] =
      bought.data.totals.totalPrice.amount + bought.data.upsellOrders.reduce((sum, o) => sum + o.totals.totalPrice.amount, 0);
    await page.context().close();
  }

  const stats = (await (
    await request.get(`/api/funnels/${HANDLE}/stats?from=${encodeURIComponent(from)}`, { headers: auth })
  ).json()) as {
    data: { split: { step: string; variants: { id: string; orders: number; revenue: { amount: number }; visitors: number }[] } };
  };
  expect(stats.data.split.step).toBe('socks');
  const [a, b] = stats.data.split.variants;
  expect(a).toMatchObject({ id: 'a', orders: 1, revenue: { amount: totals.a }, visitors: drawn.a + 1 });
  expect(b).toMatchObject({ id: 'b', orders: 1, revenue: { amount: totals.b }, visitors: drawn.b + 1 });
  expect(totals.a).toBeGreaterThan(totals.b);
});
