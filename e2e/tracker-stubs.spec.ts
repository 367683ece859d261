// The vendor integrations (renderer/integrations) in Chromium against the tracker stubs
// (e2e/tracker-stubs): each loads its script under a Content-Security-Policy that allows exactly the
// origins it names, and each shop event reaches the vendor once, with the payload the vendor expects.
// And with none of its origins allowed, no request leaves for any tracker host. The page is a stand-in
// shop page at https://shop.example (routed), so it needs nothing of the shop's consent code.
import { build } from 'esbuild';
import { hashSource, withOrigins, type ThirdPartyOrigins } from '../server/ssr/content-security-policy';
import { expect, test } from './fixtures';
import { routeTrackers, TRACKER_HOSTS } from './tracker-stubs';

const SHOP = 'https://shop.example';
const POLICY =
  "default-src 'self'; script-src 'self' SCRIPT; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-src 'none'";

const CONFIGS = {
  pixel: { pixelNumber: ['1234567890123456', '6543210987654321'] },
  googleAnalytics4: { enable: true, id: 'G-TEST123456' },
  googlead: { googlead: [{ googleAccount: 'AW-123456789', conversionLabel: 'AbCdEf12' }] },
  tagManager: { enable: true, key: 'GTM-ABC1234' },
  googleAnalytics: { enable: true, id: 'UA-12345678-1' },
  tiktok: { pixels: [{ pixelId: 'CABCDEFGHIJ123456789' }] },
  snapchat: { pixelId: '6f0a3c1e-2b4d-4e8f-9a7b-1c2d3e4f5a6b' },
  heatMap: { accountId: '1234567' },
  statcounter: { project: '12345678', security: 'abcdef12' },
  emailMarketing: { accountId: 'AbC123' },
  messenger: { appId: '1234567890', pageId: '987654321' },
};

/** The integrations bundled for the page: `window.shop.load(codes)` and `window.shop.track(event)`. */
async function bundle(): Promise<string> {
  const entry = `
    import { integrationFor } from './renderer/integrations/index';
    const loaded = [];
    window.shop = {
      async origins(configs) {
        const all = {};
        for (const [code, config] of Object.entries(configs)) {
          const origins = (await integrationFor(code)).origins(config);
          for (const [kind, list] of Object.entries(origins)) all[kind] = [...new Set([...(all[kind] || []), ...list])];
        }
        return all;
      },
      async load(configs) {
        const env = { locale: 'de', currency: 'EUR', consent: { analytics: true, advertising: true, chosen: true } };
        for (const [code, config] of Object.entries(configs)) {
          const integration = await integrationFor(code);
          integration.load(config, env);
          integration.load(config, env);
          loaded.push([integration, config]);
        }
      },
      track(event) { for (const [integration, config] of loaded) integration.onEvent?.(event, config); },
    };`;
  const result = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format: 'iife',
    write: false,
    target: 'es2022',
  });
  return result.outputFiles[0]!.text;
}

/** Routes the stand-in shop page, its policy allowing `origins`. */
async function shopPage(page: import('@playwright/test').Page, script: string, origins: ThirdPartyOrigins) {
  const policy = withOrigins(POLICY.replace('SCRIPT', hashSource(script)), origins);
  await page.route(`${SHOP}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': policy },
      body: `<!doctype html><html lang="de"><head><title>Shop</title><script>${script}</script></head><body><main><h1>Shop</h1></main></body></html>`,
    }),
  );
}

const items = [
  { productId: 11, variantId: 111, title: 'Linen shirt', price: 4990, quantity: 2 },
  { productId: 12, title: 'Canvas tote', price: 1250, quantity: 1 },
];
const purchase = { name: 'Purchase', eventId: 'evt-5b1c', orderId: 'ORD-1001', currency: 'EUR', value: 11230, items };

test.describe('vendor integrations against the tracker stubs', () => {
  let script: string;
  test.beforeAll(async () => {
    script = await bundle();
  });

  test('each loads once under exactly its own origins, and each event reaches each vendor once', async ({ page }) => {
    const trackers = await routeTrackers(page);
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { reportViolation(t: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
      ),
    );
    // The policy is the union of what the integrations name: what the lead's loader will allow.
    await shopPage(page, script, {});
    await page.goto(`${SHOP}/`);
    const origins = await page.evaluate((configs) => (window as any).shop.origins(configs), CONFIGS);
    await page.unroute(`${SHOP}/**`);
    await shopPage(page, script, origins);
    await page.goto(`${SHOP}/products/linen-shirt`);
    expect(trackers.requests).toEqual([]);

    await page.evaluate((configs) => (window as any).shop.load(configs), CONFIGS);
    await page.evaluate(
      ([p, lines]) => {
        const shop = (window as any).shop;
        shop.track({ name: 'PageView', path: '/products/linen-shirt', title: 'Linen shirt' });
        shop.track({ name: 'AddToCart', currency: 'EUR', value: 4990, items: [lines[0]] });
        shop.track(p);
        shop.track(p);
      },
      [purchase, items] as const,
    );

    await expect.poll(() => trackers.hitsOf('meta', 'Purchase').length).toBe(2);
    await expect.poll(() => trackers.hitsOf('ga4', 'purchase').length).toBe(1);
    await expect.poll(() => trackers.hitsOf('tiktok', 'CompletePayment').length).toBe(1);
    await expect.poll(() => trackers.hitsOf('snapchat', 'PURCHASE').length).toBe(1);
    await expect.poll(() => trackers.hitsOf('googleAds', 'conversion').length).toBe(1);
    await expect.poll(() => trackers.hitsOf('gtm', 'purchase').length).toBe(1);
    await expect.poll(() => trackers.hitsOf('ua', 'transaction').length).toBe(1);
    await expect.poll(() => trackers.hitsOf('hotjar', 'event').length).toBe(1);
    await expect.poll(() => trackers.hitsOf('statcounter', 'pageview').length).toBe(1);
    await expect.poll(() => trackers.hitsOf('klaviyo', 'Added to Cart').length).toBe(1);
    await expect.poll(() => trackers.hitsOf('messenger', 'init').length).toBe(1);

    const meta = trackers.hitsOf('meta', 'Purchase').map((hit) => hit.payload);
    expect(meta.map((p) => p.pixel)).toEqual(CONFIGS.pixel.pixelNumber);
    expect(meta[0]).toMatchObject({ eventID: 'evt-5b1c', data: { value: 112.3, currency: 'EUR', content_ids: ['11', '12'] } });
    expect(trackers.hitsOf('ga4', 'purchase')[0]!.payload.params).toMatchObject({ transaction_id: 'ORD-1001', value: 112.3 });
    expect(trackers.hitsOf('tiktok', 'CompletePayment')[0]!.payload).toMatchObject({ event_id: 'evt-5b1c' });
    expect(trackers.hitsOf('snapchat', 'PURCHASE')[0]!.payload.params).toMatchObject({ client_dedup_id: 'evt-5b1c' });
    expect(trackers.hitsOf('gtm', 'purchase')[0]!.payload.entry.ecommerce).toMatchObject({ transaction_id: 'ORD-1001' });
    // Page views: one per vendor that counts them from the shop's event (statcounter and Hotjar count on load).
    for (const [vendor, event] of [
      ['meta', 'PageView'],
      ['ga4', 'page_view'],
      ['tiktok', 'Pageview'],
      ['snapchat', 'PAGE_VIEW'],
      ['gtm', 'page_view'],
      ['ua', 'pageview'],
      ['hotjar', 'pageview'],
    ] as const) {
      expect(trackers.hitsOf(vendor, event).length, `${vendor} ${event}`).toBe(vendor === 'meta' ? 2 : 1);
    }
    // Each library once, though load ran twice.
    const scripts = trackers.requests.filter((r) => r.kind === 'script').map((r) => r.url);
    expect(scripts.length).toBe(new Set(scripts).size);
    expect(violations).toEqual([]);
    const cookies = (await trackers.trackerCookies()).map((c) => c.name).sort();
    expect(cookies).toEqual(
      expect.arrayContaining(['_fbp', '_ga', '_gid', '_ttp', '_scid', '_hjSessionUser_1234567', '__kla_id']),
    );
  });

  test.describe(() => {
    test.use({ expectedConsoleErrors: [/Content Security Policy/] });
    test('with none of their origins in the policy, no request leaves for a tracker host and no cookie is set', async ({
      page,
    }) => {
      const trackers = await routeTrackers(page);
      await shopPage(page, script, {});
      await page.goto(`${SHOP}/`);
      await page.evaluate((configs) => (window as any).shop.load(configs), CONFIGS);
      await page.evaluate((p) => (window as any).shop.track(p), purchase);
      await page.waitForTimeout(500);
      expect(trackers.requests).toEqual([]);
      expect(await trackers.trackerCookies()).toEqual([]);
      expect(TRACKER_HOSTS.length).toBeGreaterThan(20);
    });
  });
});
