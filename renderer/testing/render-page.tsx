// Renders a page view to HTML the way the server does (router, translations, block registry), for
// block and page tests: no database, the block data is given.
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import en from '../../locales/en.json' with { type: 'json' };
import fr from '../../locales/fr.json' with { type: 'json' };
import type { PageView } from '../../schemas/generated/api';
import { blockTypesOf } from '../../blocks/block-tree';
import type { ApiClient } from '../api/client';
import { createI18nextTranslator } from '../i18n/i18next-translator';
import { fixedTranslations, TranslationsContext } from '../i18n/translations';
import type { Messages } from '../i18n/translator';
import { ensureBlockComponents } from '../page/block-components';
import { ThemePage } from '../page/ThemePage';

const messages: Record<string, Messages> = { en, fr };

export async function renderPageView(view: PageView, options: { locale?: string; missingKeys?: string[] } = {}): Promise<string> {
  const locale = options.locale ?? 'en';
  const translations = fixedTranslations(
    createI18nextTranslator(locale, messages[locale] ?? en, (key) => options.missingKeys?.push(key)),
  );
  await ensureBlockComponents(blockTypesOf(view.page));
  const rootRoute = createRootRoute({
    component: () => (
      <TranslationsContext.Provider value={translations}>
        <ThemePage view={view} />
      </TranslationsContext.Provider>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context: { api: {} as ApiClient, translations },
  });
  await router.load();
  return renderToString(<RouterProvider router={router} />);
}
