// Request -> router -> HTML. Loaders (site, page view, block loads) all finish before the first
// byte; the HTML is rendered in one piece and carries the dehydrated data the browser hydrates from.
import { randomUUID } from 'node:crypto';
import { RouterServer } from '@tanstack/react-router/ssr/server';
import { createRequestHandler, getSsrStatus, transformHtmlStringWithRouter } from '@tanstack/react-router/ssr/server';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { endTime, startTime } from 'hono/timing';
import { serialize } from 'hono/utils/cookie';
import type { Site } from '../../schemas/generated/api';
import { blockTypesOf } from '../../blocks/block-tree';
import type { ApiClient } from '../../renderer/api/client';
import { LOCALE_COOKIE, resolveLocale } from '../../renderer/i18n/locales';
import { allBlockTypes, ensureBlockComponents } from '../../renderer/page/block-components';
import { createShopRouter, type ShopRouter } from '../../renderer/router';
import type { PageView } from '../../schemas/generated/api';
import type { ClientAssets } from './client-assets';
import { fallbackPage } from './fallback-page';
import { renderHtml } from './render-html';
import type { LocaleCatalog } from './messages';

/** Spec section 9: cookies that remember a visitor's choice last a year. */
const ONE_YEAR_S = 31_536_000;

export interface RenderDeps {
  site: () => Promise<Site>;
  locales: LocaleCatalog;
  assets: ClientAssets;
  /** An API client that calls this app in-process, speaking the given locale. */
  apiFor: (locale: string, origin: string) => ApiClient;
  faultInjection: boolean;
  log: (message: string, error?: unknown) => void;
}

/** The locales a visitor may pick: those the site offers that are translated. */
export function offeredLocales(site: Site, translated: readonly string[]): string[] {
  const offered = site.locales.map((l) => l.code).filter((code) => translated.includes(code));
  return offered.length ? offered : ['en'];
}

function blockTypesOnPage(router: ShopRouter): string[] {
  const types = new Set<string>();
  for (const match of router.state.matches) {
    const view = match.loaderData as PageView | undefined;
    if (view && typeof view === 'object' && 'page' in view) for (const type of blockTypesOf(view.page)) types.add(type);
  }
  return [...types];
}

export function createPageRenderer(deps: RenderDeps) {
  const routerManifest = deps.assets.routerManifest;
  const blockAssets = (type: string) => deps.assets.blockModules[type] ?? [];

  return async function renderPage(c: Context): Promise<Response> {
    const request = c.req.raw;
    const url = new URL(request.url);
    const site = await deps.site();
    const locale = resolveLocale({
      query: url.searchParams.get('lang'),
      cookie: getCookie(c, LOCALE_COOKIE),
      acceptLanguage: c.req.header('accept-language'),
      browserOpen: site.siteLanguageSetting.browserOpen,
      supported: offeredLocales(site, deps.locales.available),
      defaultLocale: site.defaultLocale,
    });
    const i18n = deps.locales.i18nFor(locale);
    await ensureBlockComponents(allBlockTypes);

    const handle = createRequestHandler({
      request,
      getRouterManifest: () => routerManifest,
      createRouter: () => {
        const created = createShopRouter(
          {
            api: deps.apiFor(locale, url.origin),
            i18n,
            blockAssets,
            faultInjection: deps.faultInjection,
            reportError: (reference, error) => deps.log(`loading ${url.pathname} failed (reference ${reference})`, error),
          },
          {
            dehydrate: () => ({
              locale,
              messages: deps.locales.messagesFor(locale),
              blockTypes: blockTypesOnPage(created),
              ...(deps.faultInjection ? { faultInjection: true } : {}),
            }),
          },
        );
        return created;
      },
    });

    startTime(c, 'render');
    const response = await handle(async ({ router: r, responseHeaders }) => {
      try {
        const body = renderHtml(
          () => <RouterServer router={r} />,
          (error) => deps.log(`part of ${url.pathname} failed to render on the server; the browser renders it`, error),
        );
        const html = await transformHtmlStringWithRouter(r, body);
        return new Response(html, { status: getSsrStatus(r), headers: responseHeaders });
      } catch (error) {
        const reference = randomUUID();
        deps.log(`rendering ${url.pathname} failed, even its error page (reference ${reference})`, error);
        return new Response(fallbackPage(error, reference, i18n), {
          status: 500,
          headers: { 'Content-Type': 'text/html; charset=UTF-8' },
        });
      } finally {
        r.serverSsr?.cleanup();
      }
    });
    endTime(c, 'render');

    // ?lang= switches the language and is remembered (spec section 2 and 4).
    if (url.searchParams.has('lang')) {
      response.headers.append('Set-Cookie', serialize(LOCALE_COOKIE, locale, { path: '/', maxAge: ONE_YEAR_S, sameSite: 'Lax' }));
    }
    response.headers.set('Cache-Control', 'no-cache');
    response.headers.set('Vary', 'Cookie, Accept-Language');
    return response;
  };
}
