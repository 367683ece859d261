// The headers of every kind of answer (security-headers.ts, ssr/content-security-policy.ts): each page's
// Content-Security-Policy names, by hash, exactly the inline scripts and stylesheets the shop wrote into
// that very body (a page rendered now, served from the page cache, or written from a cached document), and
// nothing that found its way into the HTML otherwise; payment pages never take third-party origins; the
// other headers are on pages, API answers and assets alike.
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devClientAssets } from './ssr/client-assets';
import { isPaymentPage } from '../renderer/consent/page-rules';
import { createContentSecurityPolicy, hashSource, withOrigins } from './ssr/content-security-policy';
import { PERMISSIONS_POLICY, securityHeaders, STRICT_TRANSPORT_SECURITY } from './security-headers';
import { buyInFunnel, pay, readyCheckout, shopperOf } from '../test-support/server/buyer';
import { leaveCheckout } from '../test-support/server/abandoned-checkouts';
import { firstSku } from '../test-support/server/skus';
import { createTestShop, testClientAssets, visitors, type TestShop } from '../test-support/server/test-app';

let shop: TestShop;
let kept: TestShop;
let dev: TestShop;
const newVisitor = visitors();
/** A visitor who allowed the (future) consent-gated third parties. */
const CONSENT = 'consent=tags';
const TAGS = 'https://tags.example';

beforeAll(async () => {
  const clientDir = await mkdtemp(join(tmpdir(), 'vitrine-assets-'));
  await mkdir(join(clientDir, 'assets'));
  await writeFile(join(clientDir, 'assets/entry-client.js'), 'console.log("entry")');
  [shop, kept, dev] = await Promise.all([
    createTestShop('pglite', {
      clientDir,
      // A block stylesheet written into pages (the countdown's, on the home page).
      clientAssets: { ...testClientAssets, inlineStyles: { '/assets/Countdown.css': '.countdown{color:#123}' } },
      thirdParties: async (c, path) =>
        (c.req.header('Cookie') ?? '').includes(CONSENT) && !isPaymentPage(path)
          ? { script: [TAGS], connect: [TAGS] }
          : undefined,
    }),
    // Every request rendered (no page cache): a page rendered a second time is cached as a template (document-cache.ts).
    // Both without the demo's integrations: the shop's own policy (consent.test.ts has theirs).
    createTestShop('pglite', { pageCacheTtlMs: 0, faultInjection: true, thirdParties: async () => undefined }),
    createTestShop('pglite', { development: true, clientAssets: devClientAssets(), thirdParties: async () => undefined }),
  ]);
});
afterAll(async () => {
  await Promise.all([shop.close(), kept.close(), dev.close()]);
});

const get = (target: TestShop, path: string, headers: Record<string, string> = {}) => target.app.request(path, { headers });

/** The sources of a directive of the policy (empty when the policy has no such directive). */
function directive(policy: string, name: string): string[] {
  const found = policy.split(/;\s*/).find((d) => d.split(' ')[0] === name);
  return found ? found.split(' ').slice(1) : [];
}

/** The texts of the inline scripts a browser would run: no src, no data type. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => {
      if (/\bsrc=/.test(attributes!)) return false;
      const type = /\btype="([^"]*)"/.exec(attributes!)?.[1];
      return type === undefined || type === 'module' || type === 'text/javascript';
    })
    .map(([, , text]) => text!);
}

const inlineStyles = (html: string) => [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, text]) => text!);

/** The headers every answer carries, whatever it is. */
function expectCommonHeaders(response: Response) {
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('X-Frame-Options')).toBe('DENY');
  expect(response.headers.get('Permissions-Policy')).toBe(PERMISSIONS_POLICY);
  // The test shop's address is http://localhost.
  expect(response.headers.get('Strict-Transport-Security')).toBeNull();
}

/**
 * Reads a page and checks its policy against its own body: every inline script and <style> it carries is
 * named by hash, and nothing else is allowed inline. Answers the body and the policy.
 */
async function expectPagePolicy(response: Response) {
  expectCommonHeaders(response);
  const html = await response.text();
  const policy = response.headers.get('Content-Security-Policy') ?? '';
  const scripts = directive(policy, 'script-src');
  expect(scripts[0]).toBe("'self'");
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  for (const text of inlineScripts(html)) expect(scripts, `script ${text.slice(0, 60)}`).toContain(hashSource(text));
  const styles = directive(policy, 'style-src');
  expect(styles).not.toContain("'unsafe-inline'");
  for (const text of inlineStyles(html)) expect(styles, `style ${text.slice(0, 60)}`).toContain(hashSource(text));
  expect(directive(policy, 'style-src-attr')).toEqual(["'unsafe-inline'"]);
  expect(directive(policy, 'object-src')).toEqual(["'none'"]);
  expect(directive(policy, 'base-uri')).toEqual(["'none'"]);
  expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
  expect(directive(policy, 'form-action')).toEqual(["'self'"]);
  expect(directive(policy, 'connect-src')).toEqual(["'self'", 'http://localhost']);
  expect(directive(policy, 'report-uri')).toEqual(['/api/csp-report']);
  // The Reporting API is an https shop's only (the test shop is http://localhost): report-uri here.
  expect(directive(policy, 'report-to')).toEqual([]);
  expect(response.headers.get('Reporting-Endpoints')).toBeNull();
  return { html, policy };
}

describe('the Content-Security-Policy of every page', () => {
  const cart = newVisitor();
  const cartCookie = { Cookie: `sakUUID=${cart}` };
  let checkoutToken: string;
  let orderToken: string;
  let checkoutOrderToken: string;
  let offerPath: string;
  // An offer is shown in the buyer's own browser.
  const funnelBuyer = newVisitor();
  let providerPath: string;

  beforeAll(async () => {
    checkoutToken = await leaveCheckout(shop, cart, { items: [{ skuId: 1, quantity: 1 }], email: 'ada@example.com' });
    const buyer = shopperOf(shop, newVisitor());
    const paid = await pay(buyer, await readyCheckout(buyer, [{ skuId: 1, quantity: 1 }]));
    orderToken = paid.data.orderToken!;
    const refused = shopperOf(shop, newVisitor());
    const declined = await pay(refused, await readyCheckout(refused, [{ skuId: 1, quantity: 1 }]), '4000000000000002');
    checkoutOrderToken = declined.data.orderToken!;
    const shirt = (await firstSku(shop, 'linen-shirt')).id;
    const { outcome } = await buyInFunnel(shopperOf(shop, funnelBuyer), 'summer-linen', [{ skuId: shirt, quantity: 1 }]);
    offerPath = outcome.next!;
    // The 3-D Secure card: the test card provider's own challenge page.
    const challenged = shopperOf(shop, newVisitor());
    const action = await pay(challenged, await readyCheckout(challenged, [{ skuId: 1, quantity: 1 }]), '4000002760003184');
    providerPath = new URL(action.data.next!, 'http://localhost').pathname;
  });

  it.each([
    ['home', '/'],
    ['a theme page', '/pages/about'],
    ['a collection', '/collections/hot-sale'],
    ['a product', '/products/linen-shirt'],
    ['search', '/search?q=linen'],
    ['order tracking', '/track'],
    ['a funnel landing page (islands)', '/funnel/summer-linen'],
    ['a funnel checkout', '/funnel/summer-linen?pageId=checkout'],
    ['the 404 page', '/no/such/page'],
  ])('%s names its inline scripts and styles by hash, and nothing else inline', async (_, path) => {
    const response = await get(shop, path);
    expect(response.status).toBe(path.startsWith('/no/') ? 404 : 200);
    const { html } = await expectPagePolicy(response);
    if (!path.startsWith('/funnel/summer-linen') || path.includes('checkout'))
      expect(inlineScripts(html).length).toBeGreaterThan(0);
  });

  it('a visitor’s own pages too: cart, checkout, payment result, thank-you, an offer', async () => {
    for (const [path, headers] of [
      ['/cart', cartCookie],
      [`/checkout/${checkoutToken}`, cartCookie],
      [`/payment/information?order=${orderToken}`, {}],
      [`/payment/failed?order=${checkoutOrderToken}`, {}],
      [`/thankyou/${orderToken}`, {}],
      [`/track/${orderToken}`, {}],
      [offerPath, { Cookie: `sakUUID=${funnelBuyer}` }],
    ] as const) {
      const response = await get(shop, path, headers);
      expect(response.status, path).toBe(200);
      const { html } = await expectPagePolicy(response);
      expect(inlineScripts(html).length, path).toBeGreaterThan(0);
    }
    expect(offerPath).toMatch(/^\/funnel\/summer-linen\?pageId=socks&order=/);
  });

  it('a block stylesheet written into the page and the merchant’s CSS are named by their hashes', async () => {
    const { html, policy } = await expectPagePolicy(await get(shop, '/'));
    expect(html).toContain('<style data-precedence="blocks" data-href="/assets/Countdown.css">.countdown{color:#123}</style>');
    expect(directive(policy, 'style-src')).toContain(hashSource('.countdown{color:#123}'));
    // The demo shop's custom CSS app.
    expect(inlineStyles(html).some((css) => css.includes('.site-footer__name'))).toBe(true);
  });

  it('a page served from the page cache carries the policy of the body it sends (MISS, then HIT)', async () => {
    const path = '/collections/hot-sale?sort=price-asc';
    const first = await get(shop, path);
    expect(first.headers.get('X-Vitrine-Page-Cache')).toBe('MISS');
    const missed = await expectPagePolicy(first);
    const second = await get(shop, path);
    expect(second.headers.get('X-Vitrine-Page-Cache')).toBe('HIT');
    const hit = await expectPagePolicy(second);
    expect(hit.html).toBe(missed.html);
    expect(hit.policy).toBe(missed.policy);
  });

  it('a page written from a cached document carries the hash of this request’s data script', async () => {
    const policies = new Set<string>();
    const bodies = new Set<string>();
    // Drawn whole twice (the second time kept), then written from the template.
    for (let i = 0; i < 4; i++) {
      const response = await get(kept, '/products/linen-shirt');
      expect(response.headers.get('X-Vitrine-Page-Cache')).toBe('BYPASS');
      const { html, policy } = await expectPagePolicy(response);
      policies.add(policy);
      bodies.add(html);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    // The router's data script (its match times) differs each time, and so does its hash.
    expect(bodies.size).toBe(4);
    expect(policies.size).toBe(4);
  });

  it('a script written into the page by other means (a test build’s injected fault) is not in the policy', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await get(kept, '/?__fault=inline-script');
      const html = await response.text();
      const policy = response.headers.get('Content-Security-Policy')!;
      const injected = inlineScripts(html).filter((text) => text.includes('__vitrineInjected'));
      expect(injected).toEqual(['window.__vitrineInjected=true']);
      expect(directive(policy, 'script-src')).not.toContain(hashSource(injected[0]!));
      for (const text of inlineScripts(html))
        if (text !== injected[0]) expect(directive(policy, 'script-src')).toContain(hashSource(text));
    }
    // Only a test build injects it.
    expect(await (await get(shop, '/?__fault=inline-script')).text()).not.toContain('__vitrineInjected');
  });

  it('third-party origins a visitor allowed are added to shop pages only, never to a payment page', async () => {
    const home = (await get(shop, '/', { Cookie: CONSENT })).headers.get('Content-Security-Policy')!;
    expect(directive(home, 'script-src')).toContain(TAGS);
    expect(directive(home, 'connect-src')).toContain(TAGS);
    expect((await get(shop, '/')).headers.get('Content-Security-Policy')).not.toContain(TAGS);
    for (const path of [
      `/checkout/${checkoutToken}`,
      `/thankyou/${orderToken}`,
      offerPath,
      '/funnel/summer-linen',
      providerPath,
    ]) {
      const response = await get(shop, path, { Cookie: `${CONSENT}; sakUUID=${path === offerPath ? funnelBuyer : cart}` });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('Content-Security-Policy'), path).not.toContain(TAGS);
    }
  });

  it('a payment provider’s page runs no script and allows only its own stylesheet', async () => {
    const response = await get(shop, providerPath);
    expect(response.status).toBe(200);
    expectCommonHeaders(response);
    const html = await response.text();
    const policy = response.headers.get('Content-Security-Policy')!;
    expect(inlineScripts(html)).toEqual([]);
    expect(directive(policy, 'script-src')).toEqual(["'none'"]);
    for (const text of inlineStyles(html)) expect(directive(policy, 'style-src')).toContain(hashSource(text));
    expect(directive(policy, 'form-action')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
  });

  it('the last-resort error page allows its own stylesheet and no script', async () => {
    const response = await get(kept, '/?__fault=loader,error-page');
    expect(response.status).toBe(500);
    expectCommonHeaders(response);
    const html = await response.text();
    const policy = response.headers.get('Content-Security-Policy')!;
    expect(directive(policy, 'script-src')).toEqual(["'none'"]);
    expect(inlineScripts(html)).toEqual([]);
    for (const text of inlineStyles(html)) expect(directive(policy, 'style-src')).toContain(hashSource(text));
  });
});

describe('answers that are not pages', () => {
  it('API answers: the common headers, and a policy under which nothing loads', async () => {
    for (const response of [await get(shop, '/api/site'), await get(shop, '/api/no-such-call')]) {
      expectCommonHeaders(response);
      expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('built assets and media carry them too', async () => {
    const asset = await get(shop, '/assets/entry-client.js');
    expect(asset.status).toBe(200);
    expectCommonHeaders(asset);
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const media = await get(shop, '/media/linen-shirt-white.webp');
    expectCommonHeaders(media);
  });
});

describe('in development (npm run dev)', () => {
  it('the page allows Vite’s React preamble by hash, its styles and its HMR socket', async () => {
    const response = await get(dev, '/');
    const html = await response.text();
    const policy = response.headers.get('Content-Security-Policy')!;
    const preamble = inlineScripts(html).find((text) => text.includes('/@react-refresh'));
    expect(preamble).toBeDefined();
    for (const text of inlineScripts(html)) expect(directive(policy, 'script-src')).toContain(hashSource(text));
    expect(directive(policy, 'style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directive(policy, 'connect-src')).toEqual(expect.arrayContaining(['ws:', 'wss:']));
    // Only there.
    expect((await get(shop, '/')).headers.get('Content-Security-Policy')).not.toContain('ws:');
  });
});

describe('Strict-Transport-Security', () => {
  const answer = (publicUrl: string) => {
    const policy = createContentSecurityPolicy({ origin: new URL(publicUrl).origin });
    return new Hono()
      .use(securityHeaders({ publicUrl, policy }))
      .get('/', (c) => c.html('<p>ok</p>'))
      .request('/');
  };

  it('is sent only when the public address is https, with upgrade-insecure-requests and the Reporting API', async () => {
    const secure = createContentSecurityPolicy({ origin: 'https://shop.example' });
    const answered = await answer('https://shop.example');
    expect(answered.headers.get('Strict-Transport-Security')).toBe(STRICT_TRANSPORT_SECURITY);
    expect(STRICT_TRANSPORT_SECURITY).toBe('max-age=31536000; includeSubDomains');
    expect(answered.headers.get('Reporting-Endpoints')).toBe('csp="https://shop.example/api/csp-report"');
    const page = secure.page({ scripts: [], styles: [] });
    expect(page).toContain('upgrade-insecure-requests');
    expect(directive(page, 'report-to')).toEqual(['csp']);
    expect(directive(page, 'report-uri')).toEqual(['/api/csp-report']);
    expect((await answer('http://shop.example:8080')).headers.get('Strict-Transport-Security')).toBeNull();
    expect((await get(shop, '/')).headers.get('Strict-Transport-Security')).toBeNull();
  });

  it('leaves alone a header the route set itself (the Stripe page’s own policy)', async () => {
    const policy = createContentSecurityPolicy({ origin: 'https://shop.example' });
    const response = await new Hono()
      .use(securityHeaders({ publicUrl: 'https://shop.example', policy }))
      .get('/', (c) => {
        c.header('Content-Security-Policy', "script-src 'nonce-x' https://js.stripe.com");
        c.header('Referrer-Policy', 'no-referrer');
        return c.html('<p>ok</p>');
      })
      .request('/');
    expect(response.headers.get('Content-Security-Policy')).toBe("script-src 'nonce-x' https://js.stripe.com");
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});

describe('withOrigins', () => {
  it('adds https origins to their directives, replacing none, and drops anything that is not an origin', () => {
    const policy = "default-src 'self'; script-src 'self' 'sha256-x'; frame-src 'none'";
    expect(
      withOrigins(policy, { script: ['https://a.example', "'unsafe-inline'", 'http://b.example'], frame: ['https://f.example'] }),
    ).toBe("default-src 'self'; script-src 'self' 'sha256-x' https://a.example; frame-src https://f.example");
  });
});
