// A funnel's steps as a shopper opens them: /funnel/{handle} (the first step) and ?pageId= (another),
// drawn from their funnel pages; unknown funnels and steps are the 404 page; a merchant's new funnel
// version is what the next shopper sees.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelStepView } from '../../schemas/generated/api';
import type { Funnel } from '../../schemas/generated/funnel';
import type { IslandsPage } from '../../renderer/page/islands';
import { createTestShop, merchantHeaders, readEnvelope, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
const put = (path: string, body: unknown) =>
  shop.app.request(`/api${path}`, { method: 'PUT', headers: merchantHeaders, body: JSON.stringify(body) });
const get = (path: string) => shop.app.request(path);

const stepPage = (handle: string, text: string, frame: { header?: boolean; footer?: boolean } = {}) => ({
  handle,
  kind: 'funnel',
  title: text,
  ...frame,
  blocks: [{ id: 'intro', type: 'rich-text', settings: { heading: text, body: `Welcome to ${text}.` } }],
});

const funnel = (first: 'landing' | 'checkout' = 'landing'): Funnel => ({
  handle: 'spring-offer',
  steps: [
    ...(first === 'landing' ? [{ id: 'landing', type: 'landing' as const, page: 'spring-landing', next: 'checkout' }] : []),
    { id: 'checkout', type: 'checkout', page: 'spring-checkout', next: 'upsell' },
    { id: 'upsell', type: 'upsell', page: 'spring-upsell', product: 'leather-wallet', next: 'thanks', onDecline: 'thanks' },
    { id: 'thanks', type: 'thank-you', page: 'spring-thanks' },
  ],
});

beforeAll(async () => {
  shop = await createTestShop();
  await put('/pages/spring-landing', stepPage('spring-landing', 'The spring landing page'));
  await put('/pages/spring-checkout', stepPage('spring-checkout', 'The spring checkout', { header: false }));
  await put('/pages/spring-upsell', stepPage('spring-upsell', 'A wallet to go with it', { header: false, footer: false }));
  await put('/pages/spring-thanks', stepPage('spring-thanks', 'Thank you'));
  expect((await put('/funnels/spring-offer', funnel())).status).toBe(201);
});
afterAll(() => shop.close());

describe('funnel pages', () => {
  it('a link to #next leads to the funnel’s next step (the demo landing page’s button and text)', async () => {
    const html = await (await get('/funnel/summer-linen')).text();
    expect(html).toContain('href="/funnel/summer-linen?pageId=checkout"');
    expect(html).not.toContain('#next');
  });

  it('a landing page without the shop around it ends with its islands: the countdown alone, not the router', async () => {
    const html = await (await get('/funnel/summer-linen')).text();
    const json = /<script type="application\/json" id="vitrine-islands">(.*?)<\/script>/.exec(html)?.[1];
    const page = JSON.parse(json ?? 'null') as IslandsPage;
    expect(page.islands.map((block) => block.type)).toEqual(['countdown']);
    expect(page.step).toMatchObject({ handle: 'summer-linen', pageId: 'landing', type: 'landing' });
    // The visitor's evergreen deadline travels with the island (a reload does not reset it).
    expect(Object.keys(page.step?.evergreen ?? {})).toEqual([page.islands[0]!.id]);
    expect(html).toContain('<script type="module" src="/assets/entry-islands.js"></script>');
    expect(html).toContain('<link rel="modulepreload" href="/assets/Countdown.js"/>');
    expect(html).not.toContain('entry-client.js');
    expect(html).not.toContain('vendor.js');
    expect(html).not.toContain('$_TSR');
    // Every block's stylesheet still comes, its code only for the islands.
    expect(html).toContain('href="/assets/Countdown.css"');
    expect(html).toContain('id="vitrine-i18n"');
  });

  it('a step with a block that needs the router, or with the shop around it, is hydrated whole', async () => {
    for (const path of ['/funnel/summer-linen?pageId=checkout', '/funnel/spring-offer']) {
      const html = await (await get(path)).text();
      expect(html, path).toContain('<script type="module" src="/assets/entry-client.js" async=""></script>');
      expect(html, path).toContain('$_TSR');
      expect(html, path).not.toContain('vitrine-islands');
      expect(html, path).toContain('<script type="application/json" id="vitrine-preloads">');
    }
  });

  it('/funnel/{handle} shows the first step with the shop around it, for search engines', async () => {
    const response = await get('/funnel/spring-offer');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('The spring landing page');
    expect(html).toContain('class="site-header');
    expect(html).toContain('class="site-footer');
    expect(html).toContain('<link rel="canonical" href="http://localhost/funnel/spring-offer"/>');
    expect(html).not.toContain('noindex');
  });

  it('does not apply the site font on funnel paths (spec), where shop pages have it', async () => {
    await shop.database.db.execute(
      sql`update site_settings set data = jsonb_set(data, '{themeSettings,style_font_family}', '"Georgia, serif"') where id = 1`,
    );
    // A process that has not read the site yet: it sees the font.
    const fresh = shop.anotherProcess();
    expect(await (await fresh.request('/pages/about')).text()).toContain(':root{--font:Georgia, serif}');
    expect(await (await fresh.request('/funnel/spring-offer')).text()).not.toContain(':root{--font:');
  });

  it('?pageId= shows that step, without the header and footer when its page leaves them out, and not for search engines', async () => {
    const upsell = await (await get('/funnel/spring-offer?pageId=upsell')).text();
    expect(upsell).toContain('A wallet to go with it');
    expect(upsell).not.toContain('class="site-header');
    expect(upsell).not.toContain('class="site-footer');
    expect(upsell).toContain('<meta name="robots" content="noindex"/>');
    const checkout = await (await get('/funnel/spring-offer?pageId=checkout')).text();
    expect(checkout).not.toContain('class="site-header');
    expect(checkout).toContain('class="site-footer');
  });

  it("lists the funnel's first step in the sitemap, and not its funnel pages as shop pages", async () => {
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).toContain('<loc>http://localhost/funnel/spring-offer</loc>');
    expect(sitemap).not.toContain('/pages/spring-');
  });

  it('answers the step and its page to the API', async () => {
    const answer = await readEnvelope<FunnelStepView>(await get('/api/multicurrency/funnel/spring-offer?pageId=upsell'));
    expect(answer.data).toMatchObject({
      funnel: { handle: 'spring-offer', title: 'spring-offer', version: 1 },
      step: { id: 'upsell', type: 'upsell', product: 'leather-wallet', next: 'thanks', onDecline: 'thanks' },
      index: 2,
      stepCount: 4,
      view: { page: { handle: 'spring-upsell', header: false, footer: false } },
    });
    expect((await get('/api/multicurrency/funnel/spring-offer?pageId=upsell&x=1')).status).toBe(400);
    expect((await get('/api/multicurrency/funnel/no-such-funnel')).status).toBe(404);
  });

  it.each(['/funnel/no-such-funnel', '/funnel/spring-offer?pageId=nowhere', '/funnel/404'])(
    '%s is the 404 page',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('This page could not be found');
    },
  );

  it('shows the next shopper the funnel as the merchant saved it last', async () => {
    expect(await (await get('/funnel/spring-offer')).text()).toContain('The spring landing page');
    // The merchant drops the landing page: the funnel starts at its checkout now.
    expect((await put('/funnels/spring-offer', funnel('checkout'))).status).toBe(200);
    const html = await (await get('/funnel/spring-offer')).text();
    expect(html).toContain('The spring checkout');
    expect((await get('/funnel/spring-offer?pageId=landing')).status).toBe(404);
  });
});
