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
import { TRANSLATION_SNAPSHOT_ID } from '../../renderer/router-context';
import { fixedTranslations } from '../../renderer/i18n/translations';
import { recordingTranslator } from '../../renderer/i18n/translator';
import type { PageView } from '../../schemas/generated/api';
import type { ClientAssets } from './client-assets';
import { fallbackPage } from './fallback-page';
import type { PageCache } from './page-cache';
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
  pageCache: PageCache;
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

/** The strings this page was rendered with, for the browser's first render (before i18next loads). */
function withTranslationSnapshot(html: string, entries: Record<string, string>): string {
  const json = JSON.stringify(entries).replace(/</g, '\\u003c');
  const script = `<script type="application/json" id="${TRANSLATION_SNAPSHOT_ID}">${json}</script>`;
  const end = html.lastIndexOf('</body>');
  return end === -1 ? html + script : html.slice(0, end) + script + html.slice(end);
}

export function createPageRenderer(deps: RenderDeps) {
  const routerManifest = deps.assets.routerManifest;
  const blockAssets = (type: string) => deps.assets.blockModules[type] ?? [];

  /** Renders one request's page: router, loaders, React, dehydrated state, translation snapshot. */
  async function render(request: Request, site: Site, locale: string): Promise<Response> {
    const url = new URL(request.url);
    const translator = recordingTranslator(deps.locales.translatorFor(locale));
    await ensureBlockComponents(allBlockTypes);
    const handle = createRequestHandler({
      request,
      getRouterManifest: () => routerManifest,
      createRouter: () => {
        const created = createShopRouter(
          {
            api: deps.apiFor(locale, url.origin),
            site,
            translations: fixedTranslations(translator),
            blockAssets,
            faultInjection: deps.faultInjection,
            reportError: (reference, error) => deps.log(`loading ${url.pathname} failed (reference ${reference})`, error),
          },
          {
            dehydrate: () => ({
              locale,
              messagesUrl: deps.locales.messagesUrl(locale),
              blockTypes: blockTypesOnPage(created),
              ...(deps.faultInjection ? { faultInjection: true } : {}),
            }),
          },
        );
        return created;
      },
    });
    return handle(async ({ router, responseHeaders }) => {
      try {
        const body = renderHtml(
          () => <RouterServer router={router} />,
          (error) => deps.log(`part of ${url.pathname} failed to render on the server; the browser renders it`, error),
        );
        const html = withTranslationSnapshot(await transformHtmlStringWithRouter(router, body), translator.entries());
        return new Response(html, { status: getSsrStatus(router), headers: responseHeaders });
      } catch (error) {
        const reference = randomUUID();
        deps.log(`rendering ${url.pathname} failed, even its error page (reference ${reference})`, error);
        return new Response(fallbackPage(error, reference, translator), {
          status: 500,
          headers: { 'Content-Type': 'text/html; charset=UTF-8' },
        });
      } finally {
        router.serverSsr?.cleanup();
      }
    });
  }

  return async function renderPage(c: Context): Promise<Response> {
    const url = new URL(c.req.url);
    const site = await deps.site();
    const locale = resolveLocale({
      query: url.searchParams.get('lang'),
      cookie: getCookie(c, LOCALE_COOKIE),
      acceptLanguage: c.req.header('accept-language'),
      browserOpen: site.siteLanguageSetting.browserOpen,
      supported: offeredLocales(site, deps.locales.available),
      defaultLocale: site.defaultLocale,
    });

    startTime(c, 'render');
    const response = await deps.pageCache.serve(c, { locale }, () => render(c.req.raw, site, locale));
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
