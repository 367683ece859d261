// GET /api/pageView/{handle}: a page ready to render (validated, defaults filled), the data of each of its
// blocks, loaded on the server in one go, and the server's clock. Server rendering and client navigation
// both use it. Block data is kept per page version and locale for the cache TTL (a read-through cache,
// like the catalog's); the clock is taken per request.
import { Hono } from 'hono';
import { loadPageData } from '../../blocks/load-page-data';
import type { PageView } from '../../schemas/generated/api';
import type { InProcessApi } from '../app';
import type { Commerce } from '../commerce';
import { readThrough } from '../commerce/cache';
import { ok } from '../api/envelope';

export function pageViewRoutes(deps: {
  commerce: Commerce;
  apiFor: InProcessApi;
  cacheTtlMs: number;
  log: (message: string, error?: unknown) => void;
}) {
  const blockData = readThrough<Record<string, unknown>>({ ttlMs: deps.cacheTtlMs, max: 2000 });
  return new Hono().get('/pageView/:handle', async (c) => {
    const locale = c.get('locale');
    const currency = c.get('currency');
    const { id, version, page } = await deps.commerce.pages.renderable(c.req.param('handle'));
    const data = await blockData.get(`${id}:${version}:${locale}:${currency.code}`, () =>
      loadPageData(page, {
        api: deps.apiFor({ locale, currency: currency.code }),
        locale,
        onError: (block, error) =>
          deps.log(`block ${block.id} (${block.type}) of page ${page.handle} could not load its data`, error),
      }),
    );
    return ok<PageView>(c, { id, version, page, data, now: Date.now() });
  });
}
