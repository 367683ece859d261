// Loads a block's fixture page against the demo shop and renders it like the server does, with the
// clock fixed so that snapshots stay put.
import { readFile } from 'node:fs/promises';
import type { PageView } from '../../schemas/generated/api';
import type { Page } from '../../schemas/generated/page';
import { validatePage } from '../../server/commerce/pages/validate-page';
import type { TestShop } from '../server/test-app';
import { renderPageView } from '../renderer/render-page';
import { loadPageData } from '../../blocks/load-page-data';

/** 2026-11-22T12:00:00Z: the clock of every block test. */
export const FIXED_NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

export async function fixturePage(blockFolder: string): Promise<Page> {
  const raw = JSON.parse(await readFile(new URL(`../../blocks/${blockFolder}/fixture.json`, import.meta.url), 'utf8'));
  const check = validatePage(raw);
  if (!check.ok) throw new Error(`blocks/${blockFolder}/fixture.json is not valid: ${JSON.stringify(check.errors)}`);
  return check.page;
}

export async function viewOf(page: Page, shop: TestShop, locale = 'en', now = FIXED_NOW): Promise<PageView> {
  const errors: unknown[] = [];
  const data = await loadPageData(page, { api: shop.api(locale), locale, onError: (_b, e) => errors.push(e) });
  if (errors.length) throw errors[0];
  return { id: 1, version: 1, page, data, now };
}

export async function renderFixture(blockFolder: string, shop: TestShop, locale = 'en'): Promise<string> {
  const page = await fixturePage(blockFolder);
  return renderPageView(await viewOf(page, shop, locale), { locale });
}

/** One element per line, so that a snapshot diff shows what changed. */
export function formatHtml(html: string): string {
  return html.replace(/></g, '>\n<');
}

/** Renders a page of one block with the given settings and no loaded data. */
export function renderOneBlock(type: string, settings: Record<string, unknown>, now = FIXED_NOW): Promise<string> {
  return renderPageView({
    id: 1,
    version: 1,
    page: { handle: 'p', kind: 'shop', blocks: [{ id: 'b', type, settings }] } as Page,
    data: {},
    now,
  });
}
