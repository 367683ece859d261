// Drafts and preview links: a draft is stored as written (even invalid) and never shown to shoppers; a
// signed link shows it (or the list of its errors) to whoever holds it; a forged link shows the live
// page; restoring the draft makes it live.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import homePage from '../../fixtures/pages/home.json' with { type: 'json' };
import type { PageVersion, PreviewLink } from '../../schemas/generated/api';
import { createTestShop, merchantHeaders, readEnvelope, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const send = (method: string, path: string, body?: unknown) =>
  shop.app.request(`/api${path}`, {
    method,
    headers: merchantHeaders,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const html = async (path: string) => (await shop.app.request(path)).text();

const withHeading = (heading: string) => {
  const page = structuredClone(homePage) as typeof homePage;
  Object.assign(page.blocks[0]!.settings, { heading: { en: heading, fr: heading } });
  return page;
};

describe('page drafts and preview links', () => {
  let draftVersion: number;
  let previewPath: string;

  it('stores a draft as a version that is not live: shoppers still see the live page', async () => {
    const saved = await readEnvelope<{ version: number; draft: boolean; created: boolean }>(
      await send('PUT', '/pages/home?draft=1', withHeading('A draft heading')),
    );
    expect(saved).toMatchObject({ status: 200, data: { draft: true, created: false } });
    draftVersion = saved.data.version;
    const page = await html('/');
    expect(page).toContain('Made to be lived in');
    expect(page).not.toContain('A draft heading');
    const versions = await readEnvelope<PageVersion[]>(await send('GET', '/pages/home/versions'));
    expect(versions.data[0]).toMatchObject({ version: draftVersion, draft: true, live: false });
    expect(versions.data.find((v) => v.live)).toMatchObject({ draft: false });
  });

  it('shows the draft through a signed preview link, marked as a preview and not for search engines', async () => {
    const link = await readEnvelope<PreviewLink>(await send('POST', `/pages/home/versions/${draftVersion}/preview`));
    expect(link.data.path).toMatch(/^\/\?preview=\d+\.\d{13}\.[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(link.data.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000);
    previewPath = link.data.path;
    const page = await html(previewPath);
    expect(page).toContain('A draft heading');
    expect(page).toContain(`Preview of version ${draftVersion}. Shoppers see the live page.`);
    expect(page).toContain('<meta name="robots" content="noindex, nofollow"/>');
    // The preview is never kept for shoppers.
    expect(await html('/')).not.toContain('A draft heading');
  });

  it('shows the live page for a forged or altered link, and for a link to another page', async () => {
    const forged = previewPath.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(await html(forged)).not.toContain('A draft heading');
    expect(await html(forged)).toContain('Made to be lived in');
    const other = await html(`/pages/about${previewPath.slice(1)}`);
    expect(other).toContain('About us');
    expect(other).not.toContain('Preview of version');
  });

  it('keeps an invalid draft and lists its errors, with pointers, to whoever previews it', async () => {
    const broken = withHeading('Broken');
    (broken.blocks[1]!.settings as Record<string, unknown>).limit = 99;
    const saved = await readEnvelope<{ version: number }>(await send('PUT', '/pages/home?draft=1', broken));
    expect(saved.status).toBe(200);
    const link = await readEnvelope<PreviewLink>(await send('POST', `/pages/home/versions/${saved.data.version}/preview`));
    const page = await html(link.data.path);
    expect(page).toContain(`Version ${saved.data.version} cannot be shown: 1 error.`);
    expect(page).toMatch(/<code>\/blocks\/1\/settings\/limit<\/code> (<!-- -->)?must be at most 48 \(product-grid block/);
    expect(await html('/')).toContain('Made to be lived in');
    // Made live, it is refused like any invalid page, and the live page stays.
    expect((await send('POST', `/pages/home/versions/${saved.data.version}/restore`)).status).toBe(400);
  });

  it('makes a draft live by restoring it', async () => {
    expect((await send('POST', `/pages/home/versions/${draftVersion}/restore`)).status).toBe(200);
    expect(await html('/')).toContain('A draft heading');
  });

  it('keeps a draft of a page that has no live version out of the shop, and previews it', async () => {
    const page = {
      handle: 'coming-soon',
      kind: 'shop',
      title: 'Coming soon',
      blocks: [{ id: 't', type: 'rich-text', settings: { body: 'Soon.' } }],
    };
    const saved = await readEnvelope<{ version: number; created: boolean }>(
      await send('PUT', '/pages/coming-soon?draft=1', page),
    );
    expect(saved.data).toMatchObject({ version: 1, created: true });
    expect((await shop.app.request('/pages/coming-soon')).status).toBe(404);
    const link = await readEnvelope<PreviewLink>(await send('POST', '/pages/coming-soon/versions/1/preview'));
    expect(link.data.path).toMatch(/^\/pages\/coming-soon\?preview=/);
    expect(await html(link.data.path)).toContain('Soon.');
  });

  it('refuses a draft that is not an object, another draft value, a preview of a version that does not exist, and calls without the token', async () => {
    expect((await send('PUT', '/pages/home?draft=1', [1, 2])).status).toBe(400);
    expect((await send('PUT', '/pages/home?draft=yes', withHeading('x'))).status).toBe(400);
    expect((await send('POST', '/pages/home/versions/999/preview')).status).toBe(404);
    expect((await shop.app.request('/api/pages/home/versions/1/preview', { method: 'POST' })).status).toBe(401);
  });
});

describe('a funnel page’s draft', () => {
  const upsellPage = async () => {
    const doc = await readEnvelope<{ page: Record<string, unknown> }>(await send('GET', '/pages/summer-linen-upsell'));
    return doc.data.page as { blocks: { settings: { heading: { en: string } } }[] };
  };

  it('is previewed at its step in the funnel, while shoppers see the live step', async () => {
    const page = await upsellPage();
    page.blocks[0]!.settings.heading = { en: 'A draft offer heading' };
    const saved = await readEnvelope<{ version: number }>(await send('PUT', '/pages/summer-linen-upsell?draft=1', page));
    const link = await readEnvelope<PreviewLink>(
      await send('POST', `/pages/summer-linen-upsell/versions/${saved.data.version}/preview`),
    );
    expect(link.data.path).toMatch(/^\/funnel\/summer-linen\?pageId=socks&preview=\d+\.\d{13}\.[A-Za-z0-9_-]{43}$/);
    const previewed = await html(link.data.path);
    expect(previewed).toContain('A draft offer heading');
    expect(previewed).toContain('noindex');
    const live = await html('/funnel/summer-linen?pageId=socks');
    expect(live).not.toContain('A draft offer heading');
    expect(live).toContain('Wait! Add socks for 20% off');
  });

  it('an invalid draft lists its errors at its step, instead of the page', async () => {
    const page = await upsellPage();
    page.blocks[0]!.settings = { heading: { en: 'x' }, colour: 'red' } as never;
    const saved = await readEnvelope<{ version: number }>(await send('PUT', '/pages/summer-linen-upsell?draft=1', page));
    const link = await readEnvelope<PreviewLink>(
      await send('POST', `/pages/summer-linen-upsell/versions/${saved.data.version}/preview`),
    );
    const previewed = await html(link.data.path);
    expect(previewed).toContain('/blocks/0/settings');
    expect(previewed).toContain('colour');
  });
});
