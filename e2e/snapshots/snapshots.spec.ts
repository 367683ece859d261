// QA snapshots (docs/qa-snapshots.md): every fixture page and every step of every fixture funnel, in each
// language of LANGUAGES, pictured whole at each width of WIDTHS, and the server's markup of the same
// address kept beside the pictures. The pages and funnels are read from fixtures/ when the run starts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, hydrated, test } from '../fixtures';
import {
  AFTER_PURCHASE,
  fixtureFunnels,
  fixturePages,
  fixtureTriggers,
  inLanguage,
  shopPagePath,
  triggerOffers,
} from './fixture-pages';
import { BUYERS_FILE, buyerKey, triggerKey, type StepBuyer } from './funnel-buyers';
import { normalizeHtml } from './normalize';
import { ORIGIN } from './playwright.config';
import { holdStill, LANGUAGES, SNAPSHOT_NOW, WIDTHS } from './stable';
import { VISITOR_COOKIE } from '../../renderer/state/cookies';

const SNAPSHOTS = join(import.meta.dirname, '../../snapshots');

/** The page as it will stay: hydrated, every image (lazy ones too) drawn, the fonts and the network idle. */
async function settle(page: Page) {
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  // A full-page picture shows what is below the fold: lazy images (also those drawn after hydration) load now.
  await page.waitForFunction(() => {
    for (const img of document.querySelectorAll('img[loading="lazy"]')) img.setAttribute('loading', 'eager');
    return [...document.images].every((img) => img.complete && img.naturalWidth > 0);
  });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Pictures `path` at each width and keeps its server markup, under snapshots/<folder>/<lang>-… */
async function snapshot(page: Page, context: BrowserContext, path: string, folder: string[], lang: string) {
  await holdStill(context);
  // Nothing is fetched from outside the shop: no remote font, image or script can change a picture.
  const outside: string[] = [];
  await context.route(
    (url) => url.origin !== ORIGIN,
    (route) => {
      outside.push(route.request().url());
      return route.abort();
    },
  );
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const response = await page.goto(path);
    expect(response?.status(), `${path} answers`).toBe(200);
    await settle(page);
    expect(await page.evaluate(() => Date.now()), 'the browser clock stands at SNAPSHOT_NOW').toBe(Date.parse(SNAPSHOT_NOW));
    await expect.soft(page).toHaveScreenshot([...folder, `${lang}-${width}.png`], { fullPage: true });
  }
  expect(outside, 'requests to other sites').toEqual([]);
  // The server's own markup (no width: the server never knows it), as the same browser asks for it.
  const markup = await context.request.get(path);
  expect(markup.status()).toBe(200);
  expect.soft(normalizeHtml(await markup.text(), ORIGIN)).toMatchSnapshot([...folder, `${lang}.html`]);
}

const pages = fixturePages();
const funnels = fixtureFunnels();

for (const { handle } of pages.filter((p) => p.kind !== 'funnel')) {
  for (const lang of LANGUAGES) {
    test(`page ${handle} in ${lang}`, async ({ page, context }) => {
      await snapshot(page, context, inLanguage(shopPagePath(handle), lang), ['pages', handle], lang);
    });
  }
}

const buyers = (): Record<string, StepBuyer> => JSON.parse(readFileSync(BUYERS_FILE, 'utf8')) as Record<string, StepBuyer>;

for (const funnel of funnels) {
  for (const step of funnel.steps) {
    for (const lang of LANGUAGES) {
      test(`funnel ${funnel.handle} step ${step.id} (${step.type}) in ${lang}`, async ({ page, context }) => {
        let address = `/funnel/${funnel.handle}?pageId=${step.id}`;
        if (AFTER_PURCHASE.includes(step.type)) {
          // The buyer's own browser (global setup paid their main order and answered the offers before).
          const buyer = buyers()[buyerKey(funnel.handle, step.id)]!;
          await context.addCookies([{ name: VISITOR_COOKIE, value: buyer.visitor, url: ORIGIN }]);
          address += `&order=${buyer.order}`;
        }
        await snapshot(page, context, inLanguage(address, lang), ['funnels', funnel.handle, step.id], lang);
        if (AFTER_PURCHASE.includes(step.type)) await expect(page).toHaveURL(new RegExp(`pageId=${step.id}&`));
      });
    }
  }
}

const triggers = fixtureTriggers();

for (const [index, trigger] of triggers.entries()) {
  for (const { type } of triggerOffers(trigger)) {
    for (const lang of LANGUAGES) {
      test(`checkout trigger ${index + 1} ${type} in ${lang}`, async ({ page, context }) => {
        // The buyer of a shop order the trigger matched (global setup paid it and showed the offers before).
        const buyer = buyers()[triggerKey(index, type)]!;
        await context.addCookies([{ name: VISITOR_COOKIE, value: buyer.visitor, url: ORIGIN }]);
        const address = inLanguage(`/checkout/${type}?order=${buyer.order}`, lang);
        // Drawn by the server for the buyer's browser (its visitor cookie), like any reload of the offer.
        await snapshot(page, context, address, ['checkout-triggers', String(index + 1), type], lang);
        await expect(page).toHaveURL(new RegExp(`/checkout/${type}\\?order=`));
      });
    }
  }
}

test('every funnel page is pictured, and every snapshot folder belongs to a fixture', () => {
  const steps = new Set([
    ...funnels.flatMap((f) => f.steps.map((s) => s.page)),
    ...triggers.flatMap((t) => triggerOffers(t).map((o) => o.page)),
  ]);
  const unpictured = pages.filter((p) => p.kind === 'funnel' && !steps.has(p.handle)).map((p) => p.handle);
  expect(unpictured, 'funnel pages in no fixture funnel or checkout trigger: never pictured').toEqual([]);
  const folders = (path: string) =>
    existsSync(path)
      ? readdirSync(path, { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => d.name)
      : [];
  const shopPages = new Set(pages.filter((p) => p.kind !== 'funnel').map((p) => p.handle));
  const stale = [
    ...folders(join(SNAPSHOTS, 'pages'))
      .filter((name) => !shopPages.has(name))
      .map((name) => `pages/${name}`),
    ...folders(join(SNAPSHOTS, 'funnels')).flatMap((name) => {
      const funnel = funnels.find((f) => f.handle === name);
      if (!funnel) return [`funnels/${name}`];
      return folders(join(SNAPSHOTS, 'funnels', name))
        .filter((id) => !funnel.steps.some((s) => s.id === id))
        .map((id) => `funnels/${name}/${id}`);
    }),
    ...folders(join(SNAPSHOTS, 'checkout-triggers')).flatMap((name) => {
      const trigger = triggers[Number(name) - 1];
      if (!trigger) return [`checkout-triggers/${name}`];
      const types = triggerOffers(trigger).map((o) => o.type as string);
      return folders(join(SNAPSHOTS, 'checkout-triggers', name))
        .filter((type) => !types.includes(type))
        .map((type) => `checkout-triggers/${name}/${type}`);
    }),
  ];
  expect(stale, 'snapshot folders of pages or steps no longer in fixtures/: delete them').toEqual([]);
});
