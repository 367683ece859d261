// An A/B split of a funnel step over the API: each visitor is assigned one variant, drawn by weight from
// a seeded hash (the test picks visitors whose draw it knows) and kept on reload; a patched variant's page
// is patched on the server; the variant is stamped on the checkout, the order and its offers' orders; the
// merchant's statistics report each step and each variant to the cent, net of refunds; choosing a winner
// ends the test with a new funnel version.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelDocument, FunnelStats, FunnelStepView, Order, OfferAnswer } from '../../schemas/generated/api';
import type { FunnelVariant } from '../../schemas/generated/funnel';
import { assignmentSeed, pickVariant } from '../commerce/funnels/variants';
import { checkouts } from '../db/checkout-schema';
import { orders } from '../db/order-schema';
import { buyInFunnel, shopperOf, type Call } from '../../test-support/server/buyer';
import { firstSku } from '../../test-support/server/skus';
import { createTestShop, readEnvelope, type TestShop } from '../../test-support/server/test-app';

const TOKEN = 'test-merchant-token';
let shop: TestShop;
let shirt: number;
let funnelId: number;

const variants: FunnelVariant[] = [
  { id: 'a', weight: 50 },
  {
    id: 'b',
    weight: 50,
    patch: [{ op: 'replace', path: '/blocks/0/settings/heading/en', value: 'Linen, now cooler than ever' }],
  },
];

const merchant = (method: string, path: string, body?: unknown) =>
  shop.app.request(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Visitors whose seeded draw lands on `variant` (the hash decides; the test only picks among them). */
function visitorsOf(variant: string, count: number): string[] {
  const found: string[] = [];
  for (let n = 1; found.length < count; n++) {
    const visitor = `ab000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    if (pickVariant(variants, assignmentSeed(funnelId, 'landing', visitor)).id === variant) found.push(visitor);
  }
  return found;
}

beforeAll(async () => {
  shop = await createTestShop('pglite', { merchantToken: TOKEN });
  shirt = (await firstSku(shop, 'linen-shirt')).id;
  const demo = await readEnvelope<FunnelDocument>(await merchant('GET', '/funnels/summer-linen'));
  const steps = demo.data.funnel.steps.map((s) => (s.id === 'landing' ? { ...s, variants } : s));
  const saved = await merchant('PUT', '/funnels/ab-linen', { handle: 'ab-linen', steps });
  expect(saved.status, await saved.clone().text()).toBe(201);
  funnelId = (await readEnvelope<FunnelDocument>(await merchant('GET', '/funnels/ab-linen'))).data.id;
});
afterAll(() => shop?.close());

const landing = (call: Call) => call<FunnelStepView>('GET', '/multicurrency/funnel/ab-linen');
/** The heading the step shows: its page comes in the visitor's language (a string, server/ssr/page-view.ts). */
const heading = (view: FunnelStepView) => (view.view.page.blocks[0]!.settings as { heading: string }).heading;

/** Buys the shirt in the funnel's checkout and answers its offers; the orders as the buyer sees them. */
async function buys(call: Call, offers: { socks: 'accept' | 'decline'; tote?: 'accept' | 'decline' }): Promise<Order> {
  const { outcome } = await buyInFunnel(call, 'ab-linen', [{ skuId: shirt, quantity: 1 }]);
  const order = outcome.orderToken;
  for (const [step, answer] of [
    ['socks', offers.socks],
    ['tote', offers.tote],
  ] as const) {
    if (!answer) continue;
    const view = await call<FunnelStepView>('GET', `/multicurrency/funnel/ab-linen?pageId=${step}&order=${order}`);
    await call<OfferAnswer>('POST', '/multicurrency/upsell', { token: view.data.offer!.token, decision: answer });
  }
  return (await call<Order>('GET', `/multicurrency/general/order/${order}`)).data;
}

const totalOf = (order: Order) =>
  order.totals.totalPrice.amount + order.upsellOrders.reduce((sum, o) => sum + o.totals.totalPrice.amount, 0);

describe('an A/B split of the landing step', () => {
  it('shows each visitor one variant, patched on the server, and keeps it on reload', async () => {
    const [a] = visitorsOf('a', 1);
    const [b] = visitorsOf('b', 1);
    const seenA = await landing(shopperOf(shop, a!));
    const seenB = await landing(shopperOf(shop, b!));
    expect(seenA.data.variant).toBe('a');
    expect(heading(seenA.data)).toBe('The summer linen shirt');
    expect(seenB.data.variant).toBe('b');
    expect(heading(seenB.data)).toBe('Linen, now cooler than ever');
    for (let i = 0; i < 3; i++) expect((await landing(shopperOf(shop, b!))).data.variant).toBe('b');
  });

  it('stamps the variant on the checkout, the order and its offers’ orders; the stats count each to the cent', async () => {
    // The period starts after the first test's visitors.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const from = new Date().toISOString();
    const [a1, a2, a3] = visitorsOf('a', 6).slice(3);
    const [b1, b2] = visitorsOf('b', 5).slice(3);
    const bought: Record<string, Order> = {};
    for (const visitor of [a1, a2, a3, b1, b2]) await landing(shopperOf(shop, visitor!));
    // b2 comes back: one visitor, two views.
    await landing(shopperOf(shop, b2!));
    bought.a1 = await buys(shopperOf(shop, a1!), { socks: 'accept' });
    bought.a2 = await buys(shopperOf(shop, a2!), { socks: 'decline', tote: 'accept' });
    bought.b1 = await buys(shopperOf(shop, b1!), { socks: 'decline', tote: 'decline' });
    const [checkout] = await shop.database.db.select().from(checkouts).where(eq(checkouts.visitorId, b1!));
    expect(checkout!.variant).toBe('landing/b');
    const stamped = await shop.database.db.select().from(orders).where(eq(orders.visitorId, a2!));
    expect(stamped.map((o) => o.variant)).toEqual(['landing/a', 'landing/a', 'landing/a']);
    // a1's socks are refunded: the variant's revenue is net of it.
    const refunded = bought.a1.upsellOrders[0]!;
    await shop.database.db.update(orders).set({ status: 'refunded' }).where(eq(orders.token, refunded.token));

    const stats = await readEnvelope<FunnelStats>(
      await merchant(
        'GET',
        `/funnels/ab-linen/stats?from=${encodeURIComponent(from)}&to=${encodeURIComponent(new Date(Date.now() + 1000).toISOString())}`,
      ),
    );
    expect(stats.status).toBe(200);
    const revenueA = totalOf(bought.a1) - refunded.totals.totalPrice.amount + totalOf(bought.a2);
    const revenueB = totalOf(bought.b1);
    expect(stats.data.split).toEqual({
      step: 'landing',
      variants: [
        {
          id: 'a',
          weight: 50,
          visitors: 3,
          views: 3,
          orders: 2,
          conversion: 0.6667,
          revenue: { amount: revenueA, currencyCode: 'USD' },
          revenuePerVisitor: { amount: Math.round(revenueA / 3), currencyCode: 'USD' },
          refunds: { amount: refunded.totals.totalPrice.amount, currencyCode: 'USD' },
        },
        {
          id: 'b',
          weight: 50,
          visitors: 2,
          views: 3,
          orders: 1,
          conversion: 0.5,
          revenue: { amount: revenueB, currencyCode: 'USD' },
          revenuePerVisitor: { amount: Math.round(revenueB / 2), currencyCode: 'USD' },
          refunds: { amount: 0, currencyCode: 'USD' },
        },
      ],
    });
    const byStep = Object.fromEntries(stats.data.steps.map((s) => [s.id, s]));
    expect(byStep.landing).toMatchObject({ views: 6, visitors: 5, orders: 0 });
    expect(byStep.checkout).toMatchObject({ orders: 3, visitors: 0 });
    // The socks were accepted once, but that order was refunded: no order, no revenue left.
    expect(byStep.socks).toMatchObject({ visitors: 3, orders: 0, accepted: 1, declined: 2, revenue: { amount: 0 } });
    expect(byStep.tote).toMatchObject({ visitors: 2, orders: 1, conversion: 0.5, accepted: 1, declined: 1 });
    expect(byStep.tote!.revenue.amount).toBe(bought.a2.upsellOrders[0]!.totals.totalPrice.amount);
    expect(stats.data.revenue.total.amount).toBe(revenueA + revenueB);
    expect(stats.data.refunds).toEqual({ orders: 1, amount: { amount: refunded.totals.totalPrice.amount, currencyCode: 'USD' } });
    expect(stats.data.events).toMatchObject({ UpsellYes: 2, UpsellNo: 3, AddContactInfo: 3, AddShipppingInfo: 3 });
  });

  it('refuses an empty period and a funnel that does not exist', async () => {
    const now = new Date().toISOString();
    expect((await merchant('GET', `/funnels/ab-linen/stats?from=${now}&to=${now}`)).status).toBe(400);
    expect((await merchant('GET', '/funnels/nope/stats')).status).toBe(404);
    expect((await shop.app.request('/api/funnels/ab-linen/stats')).status).toBe(401);
  });

  it('checks a variant’s patch against the step’s page when the funnel is saved', async () => {
    const demo = await readEnvelope<FunnelDocument>(await merchant('GET', '/funnels/summer-linen'));
    const broken = demo.data.funnel.steps.map((s) =>
      s.id === 'landing'
        ? { ...s, variants: [variants[0], { id: 'c', weight: 1, patch: [{ op: 'remove', path: '/blocks/9' }] }] }
        : s,
    );
    const refused = await readEnvelope(await merchant('PUT', '/funnels/ab-broken', { handle: 'ab-broken', steps: broken }));
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ errors: [{ path: expect.stringMatching(/^\/steps\/0\/variants\/1\/patch/) }] });
  });

  it('choosing a winner ends the test: a new version whose step shows the winner to everyone', async () => {
    const won = await readEnvelope<{ version: number }>(await merchant('POST', '/funnels/ab-linen/winner', { variant: 'b' }));
    expect(won.status).toBe(200);
    expect(won.data.version).toBe(2);
    const doc = await readEnvelope<FunnelDocument>(await merchant('GET', '/funnels/ab-linen'));
    expect(doc.data.funnel.steps[0]).toMatchObject({ id: 'landing', page: 'summer-linen-b' });
    expect(doc.data.funnel.steps[0]!.variants).toBeUndefined();
    const [a] = visitorsOf('a', 1);
    const seen = await landing(shopperOf(shop, a!));
    expect(seen.data.variant).toBeUndefined();
    expect(heading(seen.data)).toBe('Linen, now cooler than ever');
    const again = await readEnvelope(await merchant('POST', '/funnels/ab-linen/winner', { variant: 'b' }));
    expect(again.status).toBe(400);
  });
});
