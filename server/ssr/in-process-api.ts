// The renderer's API client on the server: calls go straight to the app's fetch (no socket hop), with
// IN_PROCESS as Hono's env so that what only the network needs (security headers, compression) is skipped.
// Its answers are anonymous, so every visitor of a locale and currency gets the same ones: cached for the
// cache TTL in `answers` and written into pages once (serialize-once.ts). The largest and most frequent
// reads (the page view, a funnel step, a checkout) are called directly, without a request.
import { createApiClient, type ApiClient } from '../../renderer/api/client';
import { serializeOnce } from '../../renderer/serialize-once';
import type { Commerce } from '../commerce';
import type { ReadThrough } from '../commerce/cache';
import { asApiCall } from './as-api-call';
import type { PageViews } from './page-view';

/** Hono's env of the renderer's in-process calls. */
export const IN_PROCESS = Object.freeze({ inProcess: true });

/** An API client calling this app in-process, for one locale and currency. */
export type InProcessApi = (options: { locale: string; currency?: string }) => ApiClient;

export function createInProcessApi(deps: {
  /** The app's own fetch (Hono's app.fetch). */
  appFetch: (request: Request, env: typeof IN_PROCESS) => Response | Promise<Response>;
  origin: string;
  commerce: Commerce;
  /** The page views, made with this client (so read when a call is made). */
  pageViews: () => PageViews;
  /** What the renderer asked in the last moments (cleared on a save). */
  answers: ReadThrough<{}>;
}): InProcessApi {
  const { commerce, answers } = deps;
  const inProcessFetch: typeof fetch = async (input, init) =>
    deps.appFetch(input instanceof Request && init === undefined ? input : new Request(input, init), IN_PROCESS);
  // One client per locale and currency: making a ky instance per request costs more than the call.
  const apiClients = new Map<string, ApiClient>();
  return ({ locale, currency }) => {
    const key = `${locale} ${currency ?? ''}`;
    let client = apiClients.get(key);
    if (!client) {
      const overHttp = createApiClient({
        origin: deps.origin,
        fetch: inProcessFetch,
        locale,
        currency,
        timeout: false,
        // Cached answers are shared by every render while fresh: written into pages once (serialize-once.ts).
        memo: (call, load) => answers.get(`${key}\n${call}`, async () => serializeOnce((await load()) as {})),
      });
      client = {
        ...overHttp,
        // The page view is called directly: the largest answer of a page, asked on every render.
        pageView: (handle, preview) => asApiCall(() => deps.pageViews().view(handle, locale, currency, preview)),
        funnelStep: (handle, pageId, order, visitor, preview) =>
          asApiCall(() => deps.pageViews().funnelStep(handle, { pageId, order, preview }, locale, currency, visitor)),
        shopOffer: (order, type, visitor) => asApiCall(() => deps.pageViews().shopOffer(order, type, locale, currency, visitor)),
        checkout: {
          ...overHttp.checkout,
          // A checkout step's own read, made on every render of it (never cached: one shopper's), is called
          // directly too: no request, routing, JSON and parsing of an answer on the way.
          get: (token) =>
            asApiCall(async () => {
              const { currency: shown, base } = await commerce.pricing.currency(currency);
              return commerce.checkouts.get(token, { locale, currency: shown, baseCurrency: base });
            }),
        },
      };
      if (apiClients.size > 500) apiClients.clear();
      apiClients.set(key, client);
    }
    return client;
  };
}
