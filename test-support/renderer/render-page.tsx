// Renders a page view to HTML the way the server does (router, translations, block registry), for
// block and page tests: no database, the block data is given.
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import en from '../../locales/en.json' with { type: 'json' };
import fr from '../../locales/fr.json' with { type: 'json' };
import siteFixture from '../../fixtures/site.json' with { type: 'json' };
import type { PageView, Site } from '../../schemas/generated/api';
import { blockTypesOf } from '../../schemas/page-blocks';
import type { ApiClient } from '../../renderer/api/client';
import { createI18nextTranslator } from '../../renderer/i18n/i18next-translator';
import { TranslationsProvider } from '../../renderer/i18n/react-i18n';
import { fixedTranslations } from '../../renderer/i18n/translations';
import type { Messages } from '../../renderer/i18n/translator';
import { ensureBlockComponents } from '../../renderer/page/block-components';
import { ThemePage } from '../../renderer/page/ThemePage';
import { ApiContext } from '../../renderer/state/api-context';
import { ShopStateProvider } from '../../renderer/state/shop-state';
import { SiteContext } from '../../renderer/state/site-context';

const messages: Record<string, Messages> = { en, fr };

const site = siteFixture as unknown as Site;

interface RenderOptions {
  locale?: string;
  currency?: string;
  /** Collects every key the translator could not find. */
  missingKeys?: string[];
}

/** Renders a part of the shop to HTML inside what the server gives it: router, translations, site, shop state. */
export async function renderInShop(content: ReactNode, options: RenderOptions = {}): Promise<string> {
  const locale = options.locale ?? 'en';
  const translations = fixedTranslations(
    createI18nextTranslator(locale, messages[locale] ?? en, (key) => options.missingKeys?.push(key)),
  );
  const api = {} as ApiClient;
  const rootRoute = createRootRoute({
    component: () => (
      <TranslationsProvider translations={translations}>
        <SiteContext.Provider value={{ site, currency: options.currency ?? 'USD' }}>
          <ApiContext.Provider value={api}>
            <ShopStateProvider>{content}</ShopStateProvider>
          </ApiContext.Provider>
        </SiteContext.Provider>
      </TranslationsProvider>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context: {
      api,
      translations,
      currency: options.currency ?? 'USD',
      currencyDecimals: 2,
      mobile: false,
      origin: 'http://shop.test',
    },
  });
  await router.load();
  return renderToString(<RouterProvider router={router} />);
}

export async function renderPageView(view: PageView, options: RenderOptions = {}): Promise<string> {
  await ensureBlockComponents(blockTypesOf(view.page));
  return renderInShop(<ThemePage view={view} />, options);
}
