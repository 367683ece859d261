// A merchant's page or funnel whose text is given by locale must hold the shop's default locale: a save
// without it is refused with the text's pointer, and nothing stored changes; a page stored before still shows.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelDocument, PageVersion } from '../../schemas/generated/api';
import { createTestShop, merchantHeaders, readEnvelope, type Driver, type TestShop } from '../../test-support/server/test-app';

const drivers: Driver[] = ['pglite', 'postgres'];

type Refusal = { errors: { path: string; message: string }[]; errorCount: number };

const bannerPage = (handle: string, heading: unknown) => ({
  handle,
  kind: 'shop',
  title: 'Linen',
  blocks: [{ id: 'hero', type: 'image-banner', settings: { image: 'banner-hero.webp', alt: '', heading } }],
});

const funnelPage = (handle: string) => ({
  handle,
  kind: 'funnel',
  title: handle,
  blocks: [{ id: 'intro', type: 'rich-text', settings: { body: `The ${handle} step.` } }],
});

const linenFunnel = (title: unknown) => ({
  handle: 'linen-bundle',
  title,
  steps: [
    { id: 'checkout', type: 'checkout', page: 'linen-checkout', next: 'thanks' },
    { id: 'thanks', type: 'thank-you', page: 'linen-thanks' },
  ],
});

describe.each(drivers)("saves of shop text in the shop's default language on %s", (driver) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(driver);
  });
  afterAll(() => shop?.close());

  const put = (app: TestShop['app'], path: string, body: unknown) =>
    app.request(`/api${path}`, { method: 'PUT', headers: merchantHeaders, body: JSON.stringify(body) });
  const versions = async (handle: string) =>
    (await readEnvelope<PageVersion[]>(await shop.app.request(`/api/pages/${handle}/versions`, { headers: merchantHeaders })))
      .data;
  const html = async (path: string, app = shop.app) => (await app.request(path)).text();

  it('refuses a heading without the default locale with its pointer, saving nothing; the last version still shows', async () => {
    expect((await put(shop.app, '/pages/linen-story', bannerPage('linen-story', { en: 'Linen for summer' }))).status).toBe(201);
    const before = await versions('linen-story');

    const refused = await readEnvelope<Refusal>(
      await put(shop.app, '/pages/linen-story', bannerPage('linen-story', { fr: "Le lin pour l'été" })),
    );
    expect(refused).toMatchObject({ status: 400, code: 400, message: 'The page is not valid: 1 error.' });
    expect(refused.data).toEqual({
      errors: [
        {
          path: '/blocks/0/settings/heading',
          message: `The text in the shop's default language (en) is needed. (image-banner block "hero")`,
        },
      ],
      errorCount: 1,
    });

    const empty = await readEnvelope<Refusal>(
      await put(shop.app, '/pages/linen-story', bannerPage('linen-story', { en: '', fr: 'x' })),
    );
    expect(empty.status).toBe(400);
    expect(empty.data.errors).toEqual([
      { path: '/blocks/0/settings/heading/en', message: 'must not be empty (image-banner block "hero")' },
    ]);

    expect(await versions('linen-story')).toEqual(before);
    expect(await html('/fr/pages/linen-story')).toContain('Linen for summer');
  });

  it('accepts the default locale with others, and shows each language its own text', async () => {
    const saved = await put(shop.app, '/pages/linen-story', bannerPage('linen-story', { en: 'x', de: 'y' }));
    expect(saved.status).toBe(200);
    expect(await html('/de/pages/linen-story')).toMatch(/<h2[^>]*>y<\/h2>/);
    expect(await html('/pages/linen-story')).toMatch(/<h2[^>]*>x<\/h2>/);
  });

  it('still refuses a locale code the shop does not know', async () => {
    const refused = await readEnvelope<Refusal>(
      await put(shop.app, '/pages/linen-story', bannerPage('linen-story', { en: 'x', xx: 'y' })),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.errors).toEqual([
      {
        path: '/blocks/0/settings/heading',
        message:
          'must be text, or an object whose keys are locale codes (en, fr, de, …) and whose values are text (image-banner block "hero")',
      },
    ]);
  });

  it('refuses a funnel whose title lacks the default locale, and stores it once the title has it', async () => {
    for (const handle of ['linen-checkout', 'linen-thanks'])
      expect((await put(shop.app, `/pages/${handle}`, funnelPage(handle))).status).toBe(201);
    const refused = await readEnvelope<Refusal>(await put(shop.app, '/funnels/linen-bundle', linenFunnel({ fr: 'Lot en lin' })));
    expect(refused).toMatchObject({ status: 400, message: 'The funnel is not valid: 1 error.' });
    expect(refused.data).toEqual({
      errors: [{ path: '/title', message: "The text in the shop's default language (en) is needed." }],
      errorCount: 1,
    });
    expect((await shop.app.request('/api/funnels/linen-bundle', { headers: merchantHeaders })).status).toBe(404);

    // A variant's patch is page text too: one that leaves a text without English is refused.
    const split = linenFunnel('Linen bundle');
    Object.assign(split.steps[0]!, {
      variants: [
        { id: 'plain', weight: 1 },
        { id: 'french', weight: 1, patch: [{ op: 'replace', path: '/blocks/0/settings/body', value: { fr: 'Le lin' } }] },
      ],
    });
    const patched = await readEnvelope<Refusal>(await put(shop.app, '/funnels/linen-bundle', split));
    expect(patched.status).toBe(400);
    expect(patched.data.errors).toEqual([
      {
        path: '/steps/0/variants/1/patch',
        message: `makes the page invalid: /blocks/0/settings/body The text in the shop's default language (en) is needed. (rich-text block "intro")`,
      },
    ]);

    const stored = await put(shop.app, '/funnels/linen-bundle', linenFunnel({ en: 'Linen bundle', fr: 'Lot en lin' }));
    expect(stored.status).toBe(201);
    const doc = await readEnvelope<FunnelDocument>(
      await shop.app.request('/api/funnels/linen-bundle', { headers: merchantHeaders }),
    );
    expect(doc.data.funnel.title).toEqual({ en: 'Linen bundle', fr: 'Lot en lin' });
  });

  it('holds a shop whose default language is French to French, and still shows pages stored without it', async () => {
    // The default locale is not among the settings PATCH /api/site changes: it is set in the database, and
    // a process that has not read the site yet sees it.
    const setDefault = (locale: string, iso: string) =>
      shop.database.db.execute(
        sql`update site_settings set data = data || ${JSON.stringify({ defaultLocale: locale, defaultLocaleISO: iso })}::jsonb where id = 1`,
      );
    await setDefault('fr', 'fr-FR');
    try {
      const french = shop.anotherProcess();
      const refused = await readEnvelope<Refusal>(await put(french, '/pages/bonjour', bannerPage('bonjour', { en: 'x' })));
      expect(refused.status).toBe(400);
      expect(refused.data.errors).toEqual([
        {
          path: '/blocks/0/settings/heading',
          message: `The text in the shop's default language (fr) is needed. (image-banner block "hero")`,
        },
      ]);
      expect((await french.request('/pages/bonjour')).status).toBe(404);

      expect((await put(french, '/pages/bonjour', bannerPage('bonjour', { fr: 'x' }))).status).toBe(201);
      expect(await html('/pages/bonjour', french)).toMatch(/<h2[^>]*>x<\/h2>/);

      // Saved when English was the default: it has no French text, and still shows (in English).
      const stored = await french.request('/pages/linen-story');
      expect(stored.status).toBe(200);
      expect(await stored.text()).toMatch(/<h2[^>]*>x<\/h2>/);
    } finally {
      await setDefault('en', 'en-US');
    }
  });
});
