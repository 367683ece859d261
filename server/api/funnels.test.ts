import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelDocument, FunnelSummary, FunnelVersion } from '../../schemas/generated/api';
import type { Funnel } from '../../schemas/generated/funnel';
import { createTestShop, merchantHeaders, readEnvelope, type Driver, type TestShop } from '../../test-support/server/test-app';

const drivers: Driver[] = ['pglite', 'postgres'];

const funnelPage = (handle: string, kind = 'funnel') => ({
  handle,
  kind,
  title: handle,
  blocks: [{ id: 'intro', type: 'rich-text', settings: { body: `The ${handle} step.` } }],
});

const demoFunnel = (): Funnel => ({
  handle: 'summer-bundle',
  title: { en: 'Summer bundle', fr: "Lot d'été" },
  steps: [
    { id: 'landing', type: 'landing', page: 'bundle-landing', next: 'checkout' },
    { id: 'checkout', type: 'checkout', page: 'bundle-checkout', next: 'upsell' },
    { id: 'upsell', type: 'upsell', page: 'bundle-upsell', product: 'leather-wallet', next: 'thanks', onDecline: 'downsell' },
    { id: 'downsell', type: 'downsell', page: 'bundle-downsell', product: 'wool-beanie', next: 'thanks', onDecline: 'thanks' },
    { id: 'thanks', type: 'thank-you', page: 'bundle-thanks' },
  ],
});

describe.each(drivers)('merchant funnels API on %s', (driver) => {
  let shop: TestShop;
  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    shop.app.request(`/api${path}`, {
      method,
      headers: { ...merchantHeaders, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    shop = await createTestShop(driver);
    for (const handle of ['bundle-landing', 'bundle-checkout', 'bundle-upsell', 'bundle-downsell', 'bundle-thanks']) {
      expect((await send('PUT', `/pages/${handle}`, funnelPage(handle))).status).toBe(201);
    }
    expect((await send('PUT', '/pages/plain-shop-page', funnelPage('plain-shop-page', 'shop'))).status).toBe(201);
  });
  afterAll(() => shop?.close());

  it('refuses every call without the merchant token', async () => {
    expect((await shop.app.request('/api/funnels')).status).toBe(401);
    expect((await send('PUT', '/funnels/summer-bundle', demoFunnel(), { Authorization: 'Bearer nope' })).status).toBe(401);
  });

  it('stores a funnel as version 1, then a change of its step order as version 2, and lists it', async () => {
    const first = await send('PUT', '/funnels/summer-bundle', demoFunnel());
    expect(first.status).toBe(201);
    expect(first.headers.get('ETag')).toBe('"1"');
    // The merchant skips the landing page: the checkout comes first now.
    const changed = demoFunnel();
    changed.steps = changed.steps.slice(1);
    const second = await send('PUT', '/funnels/summer-bundle', changed, { 'If-Match': '"1"' });
    expect(await readEnvelope(second)).toMatchObject({
      status: 200,
      data: { handle: 'summer-bundle', version: 2, created: false },
    });

    const doc = await readEnvelope<FunnelDocument>(await send('GET', '/funnels/summer-bundle'));
    expect(doc.data.version).toBe(2);
    expect(doc.data.funnel.steps.map((s) => s.id)).toEqual(['checkout', 'upsell', 'downsell', 'thanks']);
    const versions = await readEnvelope<FunnelVersion[]>(await send('GET', '/funnels/summer-bundle/versions'));
    expect(versions.data.map((v) => [v.version, v.live, v.steps])).toEqual([
      [2, true, 4],
      [1, false, 5],
    ]);
    const list = await readEnvelope<FunnelSummary[]>(await send('GET', '/funnels'));
    // Beside the demo shop's own funnel.
    expect(list.data).toEqual([
      expect.objectContaining({ handle: 'summer-bundle', title: 'Summer bundle', version: 2, steps: 4 }),
      expect.objectContaining({ handle: 'summer-linen', version: 1, steps: 5 }),
    ]);
  });

  it('refuses a save made on an older version than the live one (If-Match)', async () => {
    const stale = await send('PUT', '/funnels/summer-bundle', demoFunnel(), { 'If-Match': '"1"' });
    expect(stale.status).toBe(409);
  });

  it('refuses a funnel naming a page that does not exist, a shop page, or a product not on sale, and keeps the live one', async () => {
    const before = await readEnvelope<FunnelDocument>(await send('GET', '/funnels/summer-bundle'));
    const bad = demoFunnel();
    bad.steps[0]!.page = 'no-such-page';
    bad.steps[1]!.page = 'plain-shop-page';
    bad.steps[2]!.product = 'no-such-product';
    const refused = await readEnvelope<{ errors: { path: string; message: string }[]; errorCount: number }>(
      await send('PUT', '/funnels/summer-bundle', bad),
    );
    expect(refused.status).toBe(400);
    expect(refused.message).toBe('The funnel is not valid: 3 errors.');
    expect(refused.data.errors).toEqual([
      { path: '/steps/0/page', message: 'names no page ("no-such-page"): save the page first' },
      { path: '/steps/1/page', message: 'names a shop page ("plain-shop-page"): a funnel step shows a page of "kind": "funnel"' },
      { path: '/steps/2/product', message: 'names no product on sale ("no-such-product")' },
    ]);
    const after = await readEnvelope<FunnelDocument>(await send('GET', '/funnels/summer-bundle'));
    expect(after.data).toEqual(before.data);
  });

  it('refuses a loop and a handle other than the address with pointers, and names a funnel that does not exist', async () => {
    const loop = demoFunnel();
    loop.steps[3]!.onDecline = 'upsell';
    const refused = await readEnvelope<{ errors: unknown[] }>(await send('PUT', '/funnels/summer-bundle', loop));
    expect(refused.data.errors).toEqual([
      { path: '/steps/3/onDecline', message: 'leads back to step "upsell": a funnel may not loop' },
    ]);
    const other = await readEnvelope<{ errors: unknown[] }>(await send('PUT', '/funnels/winter-bundle', demoFunnel()));
    expect(other.data.errors).toEqual([{ path: '/handle', message: 'must be "winter-bundle", the handle in the address' }]);
    expect((await send('GET', '/funnels/winter-bundle')).status).toBe(404);
    const notJson = await shop.app.request('/api/funnels/summer-bundle', {
      method: 'PUT',
      headers: merchantHeaders,
      body: '{not json',
    });
    expect(notJson.status).toBe(400);
  });
});
