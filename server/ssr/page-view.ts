// A page ready to render (validated, defaults filled), the data of each of its blocks, loaded on the
// server in one go, and the server's clock: GET /api/pageView/{handle} for client navigation (and a
// funnel's step with its page: GET /api/multicurrency/funnel/{handle}?pageId=), and the
// same function called directly by the server's own renderer (no HTTP, no JSON on the way: the page's
// largest answer, asked on every render). Block data is kept per page version, locale and currency for
// the cache TTL (a read-through cache, like the catalog's), one object shared by every render of it;
// the clock is taken per request.
import { Hono } from 'hono';
import { loadPageData } from '../../blocks/load-page-data';
import type { FunnelStepQuery, FunnelStepView, PageView } from '../../schemas/generated/api';
import type { InProcessApi } from '../app';
import type { Commerce } from '../commerce';
import type { CacheGroup } from '../commerce/cache';
import { ok } from '../api/envelope';
import { valid, validate } from '../api/validate';
import { serializeOnce } from '../../renderer/serialize-once';

export interface PageViews {
  /** The page `handle` for a visitor of `locale` and `currency` (a code the shop offers, else the base one). */
  view(handle: string, locale: string, currency: string | undefined): Promise<PageView>;
  /** The step `pageId` (else the first) of the live funnel `handle`, with its page's view. */
  funnelStep(handle: string, pageId: string | undefined, locale: string, currency: string | undefined): Promise<FunnelStepView>;
  routes: Hono;
}

export function createPageViews(deps: {
  commerce: Commerce;
  apiFor: InProcessApi;
  caches: CacheGroup;
  log: (message: string, error?: unknown) => void;
}): PageViews {
  const blockData = deps.caches.readThrough<Record<string, unknown>>({ max: 2000 });
  async function view(handle: string, locale: string, currencyCode: string | undefined): Promise<PageView> {
    const [{ id, version, page }, { currency }] = await Promise.all([
      deps.commerce.pages.renderable(handle),
      deps.commerce.pricing.currency(currencyCode),
    ]);
    const data = await blockData.get(`${id}:${version}:${locale}:${currency.code}`, () =>
      loadPageData(page, {
        api: deps.apiFor({ locale, currency: currency.code }),
        locale,
        onError: (block, error) =>
          deps.log(`block ${block.id} (${block.type}) of page ${page.handle} could not load its data`, error),
      }),
    );
    // The page and its block data are shared by every render of this version: written into pages once.
    return { id, version, page: serializeOnce(page), data: serializeOnce(data), now: Date.now() };
  }
  async function funnelStep(
    handle: string,
    pageId: string | undefined,
    locale: string,
    currencyCode: string | undefined,
  ): Promise<FunnelStepView> {
    const live = await deps.commerce.funnels.step(handle, pageId, locale);
    return { ...live, view: await view(live.step.page, locale, currencyCode) };
  }
  const routes = new Hono()
    .get('/pageView/:handle', async (c) =>
      ok<PageView>(c, await view(c.req.param('handle'), c.get('locale'), c.get('currency').code)),
    )
    .get('/multicurrency/funnel/:handle', validate('query', 'FunnelStepQuery'), async (c) => {
      const { pageId } = valid<FunnelStepQuery>(c, 'query');
      return ok<FunnelStepView>(c, await funnelStep(c.req.param('handle'), pageId, c.get('locale'), c.get('currency').code));
    });
  return { view, funnelStep, routes };
}
