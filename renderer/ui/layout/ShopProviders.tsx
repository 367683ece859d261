// What every part of the shop renders inside: its strings, the site and the visitor's currency and
// device, the API client, the shop's state. One component for the page (renderer/routes/root.tsx) and
// for the parts the server renders alone to cache them (server/ssr/cached-html.tsx): a context added
// here reaches both, so a cached part is always rendered as the page would render it.
import type { ReactNode } from 'react';
import type { ApiClient } from '../../api/client';
import { TranslationsProvider } from '../../i18n/react-i18n';
import type { Translations } from '../../i18n/translations';
import { ApiContext } from '../../state/api-context';
import { ShopStateProvider } from '../../state/shop-state';
import { SiteContext, type SiteView } from '../../state/site-context';

export function ShopProviders({
  translations,
  site,
  api,
  children,
}: {
  translations: Translations;
  site: SiteView;
  api: ApiClient;
  children: ReactNode;
}) {
  return (
    <TranslationsProvider translations={translations}>
      <SiteContext.Provider value={site}>
        <ApiContext.Provider value={api}>
          <ShopStateProvider>{children}</ShopStateProvider>
        </ApiContext.Provider>
      </SiteContext.Provider>
    </TranslationsProvider>
  );
}
