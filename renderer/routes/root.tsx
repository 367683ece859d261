import { createRootRouteWithContext, HeadContent, Outlet, Scripts, useRouter } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { intlLocale } from '../i18n/money';
import { TranslationsContext } from '../i18n/translations';
import type { RouterContext } from '../router-context';
import { SiteFooter } from '../ui/SiteFooter';
import { SiteHeader } from '../ui/SiteHeader';
import { ErrorPage, NotFoundPage } from './errors';
import { guardLoader } from './guard-loader';
import { hasFault } from './injected-faults';

/** The HTML document around every page, error pages included. */
function Document({ children }: { children: ReactNode }) {
  const { translations } = useRouter().options.context;
  return (
    <html lang={intlLocale(translations.current().locale)}>
      <head>
        <HeadContent />
      </head>
      <body>
        <TranslationsContext.Provider value={translations}>{children}</TranslationsContext.Provider>
        <Scripts />
      </body>
    </html>
  );
}

/** The tab title: the site's name, or what went wrong (spec: the error page's title is "Error"). */
function documentTitle(matches: { status: string; globalNotFound?: boolean }[], t: (key: string) => string, siteName?: string) {
  if (matches.some((m) => m.status === 'error')) return t('error.title');
  if (matches.some((m) => m.status === 'notFound' || m.globalNotFound)) return t('error.notFound');
  return siteName ?? 'Vitrine';
}

function Layout() {
  const site = rootRoute.useLoaderData();
  // A mark for tests and tools: the page is interactive from here on.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <SiteHeader site={site} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter site={site} />
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  // A client navigation renders with i18next, loaded by now (the server's translator is always ready).
  beforeLoad: ({ context }) => context.translations.ready(),
  loader: ({ context, location }) =>
    guardLoader(context, async () => {
      if (hasFault(context.faultInjection, location.search, 'loader')) throw new Error('Injected loader fault (test build)');
      return context.site ?? context.api.site();
    }),
  // Site info is loaded once per visit (spec section 3).
  staleTime: Infinity,
  shouldReload: false,
  head: ({ loaderData, matches, match }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#1f2933' },
      { title: documentTitle(matches, match.context.translations.current().t, loaderData?.name) },
    ],
    links: [
      { rel: 'icon', href: '/favicon.ico', sizes: '48x48' },
      { rel: 'icon', href: '/icon.svg', type: 'image/svg+xml' },
    ],
  }),
  shellComponent: Document,
  component: Layout,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
});
