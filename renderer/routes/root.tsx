import { consentHeadScript } from '../consent/consent-head-script';
import { GOOGLE_TAG_APPS } from '../consent/consent-mode';
import { consentPolicyOf } from '../consent/consent-policy';
import {
  createRootRouteWithContext,
  HeadContent,
  isNotFound,
  Outlet,
  Scripts,
  useRouter,
  useRouterState,
} from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import type { AppConfig, DictEntry, Menu, Site } from '../../schemas/generated/api';
import { localeHeadScript } from '../i18n/locale-head-script';
import { intlLocale } from '../i18n/locales';
import { ISLANDS_DATA_ID } from '../page/islands';
import { pageViewOf } from '../page/page-view-of';
import { TranslationsProvider } from '../i18n/react-i18n';
import { composed } from '../render-cache';
import type { IslandsScripts as IslandsScriptsProps, RouterContext } from '../router-context';
import { useCartRevision, useShopActions } from '../state/shop-state';
import { CartPopupHost } from '../ui/cart-popup/CartPopupHost';
import { ConsentBanner } from '../ui/consent/ConsentBanner';
import { MerchantBanner } from '../ui/site-mode/MerchantBanner';
import { SiteFooter } from '../ui/layout/SiteFooter';
import { SiteHeader } from '../ui/layout/SiteHeader';
import { menuItems } from '../ui/layout/menu-items';
import { ShopProviders } from '../ui/layout/ShopProviders';
import { scriptJson } from '../ui/script-json';
import { Toasts } from '../ui/Toasts';
import { ErrorPage, NotFoundPage } from './errors';
import { guardLoader, secondary } from './guard-loader';
import { hasFault } from './injected-faults';
import { languageAlternates } from './seo';
import { shownError } from './shown-error';

/** The HTML document around every page, error pages included. */
function Document({ children }: { children: ReactNode }) {
  const { translations, islands } = useRouter().options.context;
  const islandsPage = islands?.();
  return (
    // The head script marks <html> for a visitor the cookie banner asks, before React hydrates it.
    <html lang={intlLocale(translations.current().locale)} suppressHydrationWarning>
      <head>
        <HeadContent />
      </head>
      <body>
        <TranslationsProvider translations={translations}>{children}</TranslationsProvider>
        {islandsPage ? <IslandsScripts {...islandsPage} /> : <Scripts />}
      </body>
    </html>
  );
}

/** An islands page's ending (server only): its islands' data, then the script that hydrates them. */
function IslandsScripts({ page, entry }: IslandsScriptsProps) {
  return (
    <>
      <script type="application/json" id={ISLANDS_DATA_ID} dangerouslySetInnerHTML={{ __html: scriptJson(page) }} />
      <script type="module" src={entry} />
    </>
  );
}

/**
 * Loads the visitor's cart count once hydrated (it is never part of the (cached) HTML), and again when a
 * page says the server may have changed the cart (reloadCartQuantity: an order paid takes its items out).
 */
function CartCount() {
  const { api, crawler } = useRouter().options.context;
  const { cartChanges, setReadCartQuantity } = useShopActions();
  const revision = useCartRevision();
  useEffect(() => {
    // A crawler has no visitor id, so no cart.
    if (crawler) return;
    let live = true;
    const asked = cartChanges();
    api.cart
      .quantity()
      .then(({ quantity }) => live && setReadCartQuantity(quantity, asked))
      .catch(() => live && setReadCartQuantity(0, asked));
    return () => {
      live = false;
    };
  }, [api, crawler, cartChanges, setReadCartQuantity, revision]);
  return null;
}

/**
 * Whether the page shown keeps the shop's header and footer: a theme page (a funnel step's among them)
 * may leave them out (`"header": false`, `"footer": false`). Every other page has both.
 */
function useFrame(): { header: boolean; footer: boolean } {
  const parts = useRouterState({
    select: (state) => {
      for (const match of state.matches) {
        if (match.staticData.frame === 'bare') return '';
        const page = pageViewOf(match.loaderData)?.page;
        if (page) return `${page.header === false ? '' : 'h'}${page.footer === false ? '' : 'f'}`;
      }
      return 'hf';
    },
  });
  return { header: parts.includes('h'), footer: parts.includes('f') };
}

function Layout() {
  const layout = rootRoute.useLoaderData();
  const { api, currency, translations, renderCache } = rootRoute.useRouteContext();
  const frame = useFrame();
  // A mark for tests and tools: the page is interactive from here on.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <ShopProviders translations={translations} site={{ site: layout.site, currency }} api={api}>
      <MerchantBanner />
      {frame.header && <CartCount />}
      {frame.header && <SiteHeader menu={menuItems(layout.menus, 'main-menu')} cached={renderCache?.layout('header')} />}
      <CartPopupHost />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {frame.footer && (
        <SiteFooter
          menu={menuItems(layout.menus, 'footer')}
          paymentIcons={layout.paymentIcons}
          cached={renderCache?.layout('footer')}
        />
      )}
      <Toasts />
      {consentPolicyOf(layout.site.extDataMap).banner && <ConsentBanner />}
    </ShopProviders>
  );
}

type TitleMatch = { status: string; globalNotFound?: boolean; error?: unknown };
const failedMatch = (matches: TitleMatch[]) => matches.find((m) => m.status === 'error');
/** Not found: a loader's notFound(), or an address no route matches (every page has a route below the root). */
const missingMatch = (matches: TitleMatch[]) =>
  matches.length < 2 || matches.some((m) => m.status === 'notFound' || m.globalNotFound || isNotFound(m.error));

/** The tab title: the site's name, or what went wrong (spec: the error's message, else "Error"). */
function documentTitle(matches: TitleMatch[], t: (key: string) => string, siteName?: string) {
  const failed = failedMatch(matches);
  if (failed) {
    const { name } = shownError(failed.error);
    return name ? t(`errors.${name}`) : t('error.title');
  }
  if (missingMatch(matches)) return t('error.notFound');
  return siteName ?? 'Vitrine';
}

const appConfig = <T,>(apps: AppConfig[], code: string) => apps.find((app) => app.code === code)?.config as T | undefined;

/**
 * Theme font and CSS of the shop, and CSS of the custom-CSS app, as written into a <style> element: the
 * server allows this text by its hash on every page (server/ssr/content-security-policy.ts).
 */
export function shopStyleText(layout: {
  site: { themeSettings: { style_font_family: string; style_css_code: string } };
  apps: AppConfig[];
}): string {
  const { style_font_family: font, style_css_code: css } = layout.site.themeSettings;
  const appCss = appConfig<{ css?: string }>(layout.apps, 'customCss')?.css ?? '';
  return [font ? `:root{--font:${font.replace(/[<>{};]/g, '')}}` : '', css, appCss]
    .filter(Boolean)
    .join('\n')
    .replace(/<\//g, '<\\/');
}

/** The shop's styles (spec: not applied on funnel paths). */
function shopStyles(layout: Parameters<typeof shopStyleText>[0], path: string) {
  if (path.includes('/funnel')) return [];
  const text = shopStyleText(layout);
  return text ? [{ children: text }] : [];
}

export interface LayoutData {
  site: Site;
  menus: Menu[];
  paymentIcons: DictEntry[];
  /** The apps drawn into every page (custom meta tags and CSS); the integrations load after consent. */
  apps: AppConfig[];
  /** Whether a Google tag may load: the page then starts with Google Consent Mode's defaults. */
  googleTags: boolean;
  /** Whether the maps app is on (the checkout's address suggestions, with consent). */
  maps: boolean;
}

/** Apps the page itself carries; every other app is an integration, never in the page (renderer/integrations). */
const PAGE_APPS: readonly string[] = ['customMeta', 'customCss'];

/**
 * The layout's data as one object that stays the same while its parts do, so the server writes it into
 * pages as JSON made once (serialize-once.ts) rather than walking its lists on every request.
 */
const layoutData = (
  context: RouterContext,
  site: Site,
  menus: Menu[],
  paymentIcons: DictEntry[],
  apps: AppConfig[],
): LayoutData =>
  composed(context, [site, menus, paymentIcons, apps], () => ({
    site,
    menus,
    paymentIcons,
    apps: apps.filter((app) => PAGE_APPS.includes(app.code)),
    googleTags: apps.some((app) => GOOGLE_TAG_APPS.includes(app.code)),
    maps: apps.some((app) => app.code === 'googleMaps'),
  }));

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  // A client navigation renders with i18next, loaded by now (the server's translator is always ready).
  beforeLoad: ({ context }) => context.translations.ready(),
  loader: ({ context, location }) =>
    guardLoader(context, async () => {
      if (hasFault(context.faultInjection, location.search, 'loader')) throw new Error('Injected loader fault (test build)');
      // The site is the page's own; the rest only adds to it, so a page shows without what failed.
      const injected = hasFault(context.faultInjection, location.search, 'layout-data');
      const layoutCall = <T,>(call: () => Promise<T>) =>
        injected ? Promise.reject(new Error('Injected layout-data fault')) : call();
      const [site, menus, paymentIcons, apps] = await Promise.all([
        context.site ?? context.api.site(),
        secondary(
          context,
          'menus',
          layoutCall(() => context.api.menus()),
          [],
        ),
        secondary(
          context,
          'payment icons',
          layoutCall(() => context.api.paymentIcons()),
          [],
        ),
        secondary(
          context,
          'apps',
          layoutCall(() => context.api.apps()),
          [],
        ),
      ]);
      return layoutData(context, site, menus, paymentIcons, apps);
    }),
  // Site info is loaded once per visit (spec section 3).
  staleTime: Infinity,
  shouldReload: false,
  head: ({ loaderData, matches, match }) => {
    const metaTags = loaderData
      ? (appConfig<{ metaTags?: { name: string; content: string }[] }>(loaderData.apps, 'customMeta')?.metaTags ?? [])
      : [];
    return {
      meta: [
        { charSet: 'utf-8' },
        { name: 'viewport', content: 'width=device-width, initial-scale=1' },
        { name: 'theme-color', content: '#1f2933' },
        { title: documentTitle(matches, match.context.translations.current().t, loaderData?.site.name) },
        // An error or not-found page is no page of the shop's to index.
        ...(failedMatch(matches) || missingMatch(matches) ? [{ name: 'robots', content: 'noindex' }] : []),
        ...(loaderData ? [{ property: 'og:site_name', content: loaderData.site.name }] : []),
        ...metaTags.map((tag) => ({ name: tag.name, content: tag.content })),
      ],
      links: [
        { rel: 'icon', href: '/favicon.ico', sizes: '48x48' },
        { rel: 'icon', href: '/icon.svg', type: 'image/svg+xml' },
        ...(loaderData ? alternatesOf(matches, match.context, loaderData.site) : []),
      ],
      // The page's own path (the root match's is always /).
      styles: loaderData ? shopStyles(loaderData, matches.at(-1)?.pathname ?? match.pathname) : [],
      // Before anything is drawn or any tag could load: Consent Mode's defaults, the stored choice, the banner.
      scripts: headScripts(loaderData),
    };
  },
  shellComponent: Document,
  component: Layout,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
});

/**
 * The page in the shop's other languages (renderer/routes/seo.ts), for a page everyone may see (a public
 * route, renderer/cache-policy.ts) that is no error and no search: the rest are nobody's to index.
 */
function alternatesOf(
  matches: (TitleMatch & { pathname: string; search: unknown; staticData?: { cache?: string } })[],
  context: RouterContext,
  site: Site,
) {
  const leaf = matches.at(-1);
  if (!leaf || leaf.staticData?.cache !== 'public' || failedMatch(matches) || missingMatch(matches)) return [];
  // Search results are no page to index (robots.txt keeps crawlers out of /search).
  if (leaf.pathname === '/search') return [];
  const page = (leaf.search as { page?: number } | undefined)?.page;
  return languageAlternates(context, site, leaf.pathname, page ? { page } : {});
}

/**
 * The layout's first script in <head>: the visitor's language (locale-head-script.ts) and consent
 * (consent-head-script.ts, when the shop has a banner or a Google tag).
 */
export function layoutHeadScript(layout: LayoutData): string | undefined {
  // Made once per layout (the same object for every render until the site changes), not on each render.
  if (!headScriptOf.has(layout))
    headScriptOf.set(
      layout,
      [localeHeadScript(layout.site), consentHeadScript(consentPolicyOf(layout.site.extDataMap), layout.googleTags)]
        .filter(Boolean)
        .join('') || undefined,
    );
  return headScriptOf.get(layout);
}
const headScriptOf = new WeakMap<LayoutData, string | undefined>();

function headScripts(layout: LayoutData | undefined) {
  const script = layout && layoutHeadScript(layout);
  return script ? [{ children: script }] : [];
}

/** The layout data of the root loader, for routes that show site-wide things (menus, payment icons). */
export const useLayoutData = () => rootRoute.useLoaderData();
export const usePathname = () => useRouterState({ select: (s) => s.location.pathname });
