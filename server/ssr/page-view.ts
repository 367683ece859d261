// GET /api/pageView/{handle}: a page ready to render (validated, defaults filled) and the data of each
// of its blocks, loaded on the server in one go. Server rendering and client navigation both use it.
import { Hono } from 'hono';
import { loadPageData } from '../../blocks/load-page-data';
import type { PageView } from '../../schemas/generated/api';
import type { ApiClient } from '../../renderer/api/client';
import type { Commerce } from '../commerce';
import { ok } from '../api/envelope';
import { requestLocale } from '../api/request-locale';

export function pageViewRoutes(deps: {
  commerce: Commerce;
  apiFor: (locale: string, origin: string) => ApiClient;
  log: (message: string, error?: unknown) => void;
}) {
  return new Hono().get('/pageView/:handle', async (c) => {
    const locale = requestLocale(c);
    const { id, version, page } = await deps.commerce.pages.renderable(c.req.param('handle'));
    const data = await loadPageData(page, {
      api: deps.apiFor(locale, new URL(c.req.url).origin),
      locale,
      now: Date.now(),
      onError: (block, error) =>
        deps.log(`block ${block.id} (${block.type}) of page ${page.handle} could not load its data`, error),
    });
    return ok<PageView>(c, { id, version, page, data });
  });
}
