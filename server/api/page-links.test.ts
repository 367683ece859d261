// A setting the renderer draws as a link is checked as a link when a page is saved (issue 22, defect 9):
// an odd one is refused with a 400 that names its JSON pointer, and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import homePage from '../../fixtures/pages/home.json' with { type: 'json' };
import type { FunnelDocument } from '../../schemas/generated/api';
import { createTestShop, merchantHeaders, putPage, readEnvelope, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

type Errors = { errors: { path: string; message: string }[]; errorCount: number };

/** The home page with its banner's button leading to `link`. */
function homeWithButton(link: string) {
  const page = structuredClone(homePage) as { blocks: { id: string; settings: Record<string, unknown> }[] };
  expect(page.blocks[0]!.id).toBe('hero');
  page.blocks[0]!.settings.buttonLink = link;
  return page;
}

const versionsOf = async (handle: string) =>
  (
    await readEnvelope<{ version: number; live: boolean }[]>(
      await shop.app.request(`/api/pages/${handle}/versions`, { headers: merchantHeaders }),
    )
  ).data;

const LINK_MESSAGE =
  'must be a link: a path starting with / or an http(s) address (or #id of a block on the page), without spaces, quotes, angle brackets or backslashes (image-banner block "hero")';

describe('saving a page whose link setting is not a link', () => {
  it.each([
    '/\\"><script>alert(1)</script>',
    '/"><script>alert(1)</script>',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<b>hi</b>',
    '//evil.example/path',
    '/\\evil.example',
    '/collections/a b',
    '/collections/all\u0007',
    '/collections/all\u2028',
    '/collections/all\n',
    'https://',
    'https:///evil.example',
    'collections/all',
    '',
  ])('refuses %j with a 400 naming its pointer, and keeps the live version', async (link) => {
    const before = await versionsOf('home');
    const answer = await readEnvelope<Errors>(await putPage(shop, 'home', homeWithButton(link)));
    expect(answer.status).toBe(400);
    expect(answer.data.errors).toContainEqual({
      path: '/blocks/0/settings/buttonLink',
      message: link === '' ? 'must not be empty (image-banner block "hero")' : LINK_MESSAGE,
    });
    expect(await versionsOf('home')).toEqual(before);
    const html = await (await shop.app.request('/')).text();
    expect(html).toContain('href="/collections/new-arrivals"');
  });

  it.each([
    '/collections/new-arrivals?sort=newest#grid',
    '/',
    'https://example.com/lookbook',
    'http://example.com',
    '#next',
    '#recommended',
  ])('accepts %j', async (link) => {
    const saved = await putPage(shop, 'home', homeWithButton(link));
    expect(saved.status, await saved.clone().text()).toBe(200);
  });

  it('refuses a funnel variant whose patch puts an odd link on its page', async () => {
    const demo = await readEnvelope<FunnelDocument>(
      await shop.app.request('/api/funnels/summer-linen', { headers: merchantHeaders }),
    );
    const steps = demo.data.funnel.steps.map((s) =>
      s.id === 'landing'
        ? {
            ...s,
            variants: [
              { id: 'a', weight: 1 },
              {
                id: 'b',
                weight: 1,
                patch: [{ op: 'replace', path: '/blocks/0/settings/buttonLink', value: 'javascript:alert(1)' }],
              },
            ],
          }
        : s,
    );
    const refused = await readEnvelope<Errors>(
      await shop.app.request('/api/funnels/odd-link', {
        method: 'PUT',
        headers: merchantHeaders,
        body: JSON.stringify({ handle: 'odd-link', steps }),
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.errors[0]!.path).toMatch(/^\/steps\/0\/variants\/1\/patch/);
    expect(refused.data.errors[0]!.message).toContain('/blocks/0/settings/buttonLink must be a link');
  });
});
