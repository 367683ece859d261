import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import pageSchema from '../../../schemas/page.schema.json' with { type: 'json' };
import { renameSetting } from '../../../schemas/page-migrations';
import { MAX_REPORTED_ERRORS } from '../validation';
import {
  MAX_BLOCK_DEPTH,
  MAX_PAGE_BLOCKS,
  PAGE_SHAPE,
  validatePage,
  validatePageInSlices,
  validateStoredPage,
} from './validate-page';

const fixturesDir = new URL('../../../fixtures/pages/', import.meta.url);
const page = (blocks: unknown[], extra: Record<string, unknown> = {}) => ({
  handle: 'test-page',
  kind: 'shop',
  blocks,
  ...extra,
});
const errorsOf = (input: unknown) => {
  const result = validatePage(input);
  if (result.ok) throw new Error('expected the page to be refused');
  return result.errors;
};

describe('validatePage', () => {
  it('renders a page written before a setting was renamed: migrated first, then validated', () => {
    // Made up for the test: rich-text's `body` was called `text` in page format 1.
    const migrations = {
      'rich-text': [{ schemaVersion: 2, migrate: (s: Record<string, unknown>) => renameSetting(s, 'text', 'body') }],
    };
    const old = page([{ id: 'intro', type: 'rich-text', settings: { text: 'Hello' } }]);
    const before = structuredClone(old);
    const result = validatePage(old, { migrations });
    expect(result.ok && result.page).toMatchObject({
      schemaVersion: 2,
      blocks: [{ id: 'intro', type: 'rich-text', settings: { body: 'Hello', align: 'left', width: 'normal' } }],
    });
    expect(old).toEqual(before);
    // Without the migration the old page is refused, naming the setting.
    expect(validatePage(old, { migrations: {} }).ok).toBe(false);
    // A page in a format newer than the shop's is refused, not guessed at.
    expect(validatePage({ ...old, schemaVersion: 3 }, { migrations })).toMatchObject({
      ok: false,
      errors: [{ path: '/schemaVersion', message: 'was written for page format 3; this shop reads formats up to 2' }],
    });
  });

  it.each(readdirSync(fixturesDir).filter((f) => f.endsWith('.json')))('accepts the demo page %s', (file) => {
    const demo = JSON.parse(readFileSync(new URL(file, fixturesDir), 'utf8'));
    expect(validatePage(demo, { defaultLocale: 'en' })).toMatchObject({ ok: true });
  });

  it('fills every default into the copy it returns and leaves the input as written', () => {
    const input = page([{ id: 'g', type: 'product-grid', settings: { collection: 'hot-sale' } }]);
    const before = structuredClone(input);
    const result = validatePage(input);
    expect(result.ok && result.page.blocks[0]).toMatchObject({
      settings: { collection: 'hot-sale', limit: 8, columns: 4, showViewAll: true },
    });
    expect(input).toEqual(before);
  });

  it('names an unknown block type and the known ones', () => {
    expect(errorsOf(page([{ id: 'c', type: 'carousel' }]))).toEqual([
      {
        path: '/blocks/0/type',
        message:
          '"carousel" is not a known block type; known types: bundle, collection-list, contact-form, countdown, downsell, faq, featured-product, feedback-form, funnel-checkout, guarantee, image-banner, order-bump, product-grid, rich-text, section, shipping-time-tip, testimonials, upsell, volume-discount (block "c")',
      },
    ]);
  });

  it('points at an unknown setting and lists the allowed ones', () => {
    expect(errorsOf(page([{ id: 'r', type: 'rich-text', settings: { body: 'x', colour: 'red' } }]))).toEqual([
      {
        path: '/blocks/0/settings/colour',
        message: 'is not a known property; allowed: heading, body, align, width (rich-text block "r")',
      },
    ]);
  });

  it('says a number is out of range the way the spec example does', () => {
    expect(errorsOf(page([{ id: 'grid', type: 'product-grid', settings: { collection: 'x', limit: 49 } }]))).toEqual([
      { path: '/blocks/0/settings/limit', message: 'must be at most 48 (product-grid block "grid")' },
    ]);
  });

  it('says which type a value must have', () => {
    expect(errorsOf(page([{ id: 'g', type: 'product-grid', settings: { collection: 'x', columns: 'four' } }]))).toEqual([
      { path: '/blocks/0/settings/columns', message: 'must be a whole number (product-grid block "g")' },
    ]);
  });

  it('points at a missing required setting, also when settings are left out altogether', () => {
    const missingBody = [{ path: '/blocks/0/settings/body', message: 'is required (rich-text block "r")' }];
    expect(errorsOf(page([{ id: 'r', type: 'rich-text', settings: {} }]))).toEqual(missingBody);
    expect(errorsOf(page([{ id: 'r', type: 'rich-text' }]))).toEqual(missingBody);
  });

  it('explains a date without a time zone', () => {
    expect(errorsOf(page([{ id: 't', type: 'countdown', settings: { endsAt: '2026-12-31 23:00' } }]))[0]!.message).toBe(
      'must be a date and time with a time zone, e.g. 2026-12-31T23:00:00Z (countdown block "t")',
    );
  });

  it('explains localized text that is neither text nor keyed by locale code', () => {
    expect(errorsOf(page([{ id: 'r', type: 'rich-text', settings: { body: { english: 'hi' } } }]))).toEqual([
      {
        path: '/blocks/0/settings/body',
        message:
          'must be text, or an object whose keys are locale codes (en, fr, de, …) and whose values are text (rich-text block "r")',
      },
    ]);
  });

  it('explains a handle with the wrong form', () => {
    expect(errorsOf({ handle: 'Summer Sale!', kind: 'shop', blocks: [] })).toEqual([
      { path: '/handle', message: 'must be lowercase letters, digits and single hyphens, e.g. summer-sale' },
    ]);
  });

  it('asks for exactly one source of products in a product grid', () => {
    const message = 'set either "collection" or "products", not both (product-grid block "g")';
    expect(errorsOf(page([{ id: 'g', type: 'product-grid', settings: {} }]))).toEqual([{ path: '/blocks/0/settings', message }]);
    expect(errorsOf(page([{ id: 'g', type: 'product-grid', settings: { collection: 'a', products: ['b'] } }]))).toEqual([
      { path: '/blocks/0/settings', message },
    ]);
  });

  it('asks for the setting that goes with another', () => {
    expect(
      errorsOf(page([{ id: 'b', type: 'image-banner', settings: { image: 'a.webp', alt: '', buttonLabel: 'Go' } }])),
    ).toEqual([
      { path: '/blocks/0/settings/buttonLink', message: 'is required when "buttonLabel" is set (image-banner block "b")' },
    ]);
  });

  it('refuses child blocks in a block that is not a container', () => {
    expect(errorsOf(page([{ id: 'r', type: 'rich-text', settings: { body: 'x' }, blocks: [] }]))).toEqual([
      { path: '/blocks/0/blocks', message: 'only container blocks (section) hold blocks (rich-text block "r")' },
    ]);
  });

  it('checks blocks inside sections and names the inner block', () => {
    expect(errorsOf(page([{ id: 's', type: 'section', blocks: [{ id: 'inner', type: 'countdown', settings: {} }] }]))).toEqual([
      { path: '/blocks/0/blocks/0/settings/endsAt', message: 'is required (countdown block "inner")' },
    ]);
  });

  it('refuses a repeated block id, even in different sections', () => {
    const errors = errorsOf(
      page([
        { id: 'same', type: 'rich-text', settings: { body: 'a' } },
        { id: 's', type: 'section', blocks: [{ id: 'same', type: 'rich-text', settings: { body: 'b' } }] },
      ]),
    );
    expect(errors).toEqual([
      {
        path: '/blocks/1/blocks/0/id',
        message: 'repeats the id "same" of /blocks/0; ids must be unique in a page (rich-text block "same")',
      },
    ]);
  });

  it(`refuses sections nested deeper than ${MAX_BLOCK_DEPTH} levels`, () => {
    let blocks: unknown[] = [{ id: 'leaf', type: 'rich-text', settings: { body: 'x' } }];
    for (let depth = MAX_BLOCK_DEPTH; depth >= 1; depth--) blocks = [{ id: `s${depth}`, type: 'section', blocks }];
    const errors = errorsOf(page(blocks));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/is nested too deep/);
  });

  it('refuses unknown top-level fields and a wrong kind, all at once', () => {
    expect(errorsOf({ handle: 'x', kind: 'landing', blocks: [], theme: 'dark' })).toEqual([
      {
        path: '/theme',
        message: 'is not a known property; allowed: schemaVersion, handle, kind, title, description, header, footer, blocks',
      },
      { path: '/kind', message: 'must be one of: "shop", "funnel"' },
    ]);
  });

  it('refuses what is not a page at all', () => {
    expect(errorsOf(null)).toEqual([{ path: '', message: 'must be an object' }]);
    expect(errorsOf([])).toEqual([{ path: '', message: 'must be an object' }]);
  });

  it(`lists the first ${MAX_REPORTED_ERRORS} errors, counts them all, and names only those listed`, () => {
    const blocks = Array.from({ length: 100 }, (_, i) => ({
      id: `b${i}`,
      type: 'rich-text',
      settings: { body: 'x', a: 1, b: 2 },
    }));
    const result = validatePage(page(blocks));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errorCount).toBe(200);
    expect(result.errors).toHaveLength(MAX_REPORTED_ERRORS);
    expect(result.errors[0]).toEqual({
      path: '/blocks/0/settings/a',
      message: 'is not a known property; allowed: heading, body, align, width (rich-text block "b0")',
    });
  });

  it('tells merchants the limits in the schema their editor reads', () => {
    expect(pageSchema.$defs.blockList.description).toContain(`at most ${MAX_PAGE_BLOCKS} blocks`);
    expect(pageSchema.$defs.blockList.description).toContain(`nested at most ${MAX_BLOCK_DEPTH} levels`);
  });

  it(`refuses more than ${MAX_PAGE_BLOCKS} blocks at once, without checking each`, () => {
    const blocks = Array.from({ length: 5000 }, (_, i) => ({ id: `b${i}`, type: 'nope' }));
    expect(errorsOf(page(blocks))).toEqual([
      { path: '/blocks', message: `holds 5000 blocks (nested ones included); a page may hold at most ${MAX_PAGE_BLOCKS}` },
    ]);
  });

  it('still says when one list holds more blocks than the schema allows', () => {
    const blocks = Array.from({ length: 101 }, (_, i) => ({ id: `b${i}`, type: 'rich-text', settings: { body: 'x' } }));
    expect(errorsOf(page(blocks))).toEqual([{ path: '/blocks', message: 'must have at most 100 items' }]);
  });

  it('refuses values nested without end, objects with very many properties and NUL characters, before the schema runs', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(errorsOf(page([{ id: 'r', type: 'rich-text', settings: { body: deep } }]))).toEqual([
      {
        path: '/blocks/0/settings/body/0/0/0/0/0/0/0/0/0/0',
        message: `is nested too deep: values may be nested at most ${PAGE_SHAPE.maxDepth} levels (rich-text block "r")`,
      },
    ]);
    const wide = Object.fromEntries(Array.from({ length: PAGE_SHAPE.maxProperties + 1 }, (_, i) => [`k${i}`, 1]));
    expect(errorsOf(page([{ id: 'r', type: 'rich-text', settings: wide }]))).toEqual([
      {
        path: '/blocks/0/settings',
        message: `must have at most ${PAGE_SHAPE.maxProperties} properties (it has ${PAGE_SHAPE.maxProperties + 1}) (rich-text block "r")`,
      },
    ]);
    expect(errorsOf(page([{ id: 'r', type: 'rich-text', settings: { body: 'a\u0000b' } }]))).toEqual([
      { path: '/blocks/0/settings/body', message: 'must not contain the NUL character (\\u0000) (rich-text block "r")' },
    ]);
  });

  it('refuses prototype keys like any unknown property, and leaves prototypes alone', () => {
    const input = JSON.parse('{"handle":"x","kind":"shop","blocks":[],"__proto__":{"polluted":true},"constructor":1}');
    expect(errorsOf(input).map((e) => e.path)).toEqual(['/__proto__', '/constructor']);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('gives the same answer in slices as at once', async () => {
    const blocks = Array.from({ length: 120 }, (_, i) => ({
      id: `b${i}`,
      type: i % 2 ? 'rich-text' : 'countdown',
      settings: {},
    }));
    expect(await validatePageInSlices(page(blocks))).toEqual(validatePage(page(blocks)));
    const fixture = JSON.parse(readFileSync(new URL('home.json', fixturesDir), 'utf8'));
    expect(await validatePageInSlices(fixture)).toEqual(validatePage(fixture));
  });
});

describe("a save's texts in the shop's default language", () => {
  const needed = "The text in the shop's default language (en) is needed.";
  const banner = (heading: unknown, text: unknown = 'Plain text is every language') =>
    page([{ id: 'hero', type: 'image-banner', settings: { image: 'banner-hero.webp', alt: '', heading, text } }]);
  const saved = (input: unknown, defaultLocale = 'en') => {
    const result = validatePage(input, { defaultLocale });
    return result.ok ? [] : result.errors;
  };

  it('refuses a text by locale without the default locale, naming the text, in the page and in nested blocks', () => {
    const input = page(
      [
        { id: 'intro', type: 'rich-text', settings: { body: { fr: 'Bonjour', de: 'Hallo' } } },
        { id: 's', type: 'section', blocks: [{ id: 'inner', type: 'rich-text', settings: { body: { de: 'Innen' } } }] },
      ],
      { title: { fr: 'Soldes' } },
    );
    expect(saved(input)).toEqual([
      { path: '/title', message: needed },
      { path: '/blocks/0/settings/body', message: `${needed} (rich-text block "intro")` },
      { path: '/blocks/1/blocks/0/settings/body', message: `${needed} (rich-text block "inner")` },
    ]);
  });

  it('refuses the default locale as empty text, and accepts a plain string or the default locale with others', () => {
    expect(saved(banner({ en: '', fr: 'x' }))).toEqual([
      { path: '/blocks/0/settings/heading/en', message: 'must not be empty (image-banner block "hero")' },
    ]);
    expect(saved(banner({ en: 'x', de: 'y' }))).toEqual([]);
    expect(saved(banner('Sale'))).toEqual([]);
  });

  it("holds texts to the shop's own default locale", () => {
    expect(saved(banner({ en: 'x' }), 'fr')).toEqual([
      {
        path: '/blocks/0/settings/heading',
        message: `The text in the shop's default language (fr) is needed. (image-banner block "hero")`,
      },
    ]);
    expect(saved(banner({ fr: 'x' }), 'fr')).toEqual([]);
  });

  it('still refuses a locale code it does not know, with or without the default locale', () => {
    const unknown = 'must be text, or an object whose keys are locale codes (en, fr, de, …) and whose values are text';
    expect(saved(banner({ en: 'x', xx: 'y' }))).toEqual([
      { path: '/blocks/0/settings/heading', message: `${unknown} (image-banner block "hero")` },
    ]);
    expect(saved(banner({ xx: 'y' }))).toEqual([
      { path: '/blocks/0/settings/heading', message: `${unknown} (image-banner block "hero")` },
      { path: '/blocks/0/settings/heading', message: `${needed} (image-banner block "hero")` },
    ]);
  });

  it('shows a stored page whose texts lack it, and checks without it when no default locale is given', () => {
    const old = banner({ fr: 'Soldes' });
    expect(validateStoredPage(old)).toMatchObject({ ok: true });
    expect(validatePage(old)).toMatchObject({ ok: true });
    expect(saved(old)).toHaveLength(1);
  });

  it('gives the same answer in slices', async () => {
    const input = banner({ fr: 'Soldes' }, { en: '' });
    expect(await validatePageInSlices(input, { defaultLocale: 'en' })).toEqual(validatePage(input, { defaultLocale: 'en' }));
  });
});
