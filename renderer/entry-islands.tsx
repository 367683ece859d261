// Browser entry of an islands page (renderer/page/islands.ts, chosen by server/ssr/islands.ts): each
// island block's frame is hydrated alone, without the router; the rest of the page stays the server's
// HTML (its links are plain links). The islands read what the router's pages give them: the server's
// strings (i18next follows when the browser is idle), the page's clock and handle, the funnel step and
// the API client.
import { useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { BlockType } from '../schemas/generated/block-types';
import { browserSiteModes, createApiClient, type ApiClient } from './api/client';
import { pageTranslations } from './i18n/page-translations';
import { TranslationsProvider } from './i18n/react-i18n';
import type { Translations } from './i18n/translations';
import { BlockBody } from './page/BlockView';
import { islandComponents } from '../blocks/generated/island-components';
import { loadBlockComponents } from './page/loaded-blocks';
import { ISLANDS_DATA_ID, type IslandsPage } from './page/islands';
import { reloadOnChunkFailures } from './chunk-reload';
import { ApiContext } from './state/api-context';
import { browserVisitor } from './state/visitor-id';
import { FunnelStepContext } from './state/funnel-step';
import { PageHandleContext } from './state/page-context';
import { RenderTimeContext } from './state/render-time';
import { startConsent } from './consent/start-consent';
import { trackFunnelStep } from './tracking/commerce-events';
import { trackPageView } from './tracking/page-views';
import { afterFirstPaint, whenIdle } from './when-idle';
import { rememberPageLocale } from './i18n/locale-head-script';
import { splitLocalePath } from './i18n/locale-path';

function readJson<T>(id: string): T | undefined {
  const text = document.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as T) : undefined;
}

interface IslandProps {
  page: IslandsPage;
  translations: Translations;
  api: ApiClient;
  onHydrated: () => void;
  children: ReactNode;
}

/** What a block is given on any page, around one island. */
function Island({ page, translations, api, onHydrated, children }: IslandProps) {
  useEffect(onHydrated, [onHydrated]);
  return (
    <TranslationsProvider translations={translations}>
      <ApiContext.Provider value={api}>
        <RenderTimeContext.Provider value={page.now}>
          <PageHandleContext.Provider value={page.page}>
            <FunnelStepContext.Provider value={page.step}>{children}</FunnelStepContext.Provider>
          </PageHandleContext.Provider>
        </RenderTimeContext.Provider>
      </ApiContext.Provider>
    </TranslationsProvider>
  );
}

async function hydrateIslands(page: IslandsPage) {
  const translations = pageTranslations(page.locale, page.messagesUrl);
  const { visitorId, crawler } = browserVisitor();
  const api = createApiClient({
    origin: window.location.origin,
    locale: page.locale,
    currency: page.currency,
    visitorId,
    ...browserSiteModes(),
  });
  // Campaign attribution (docs/tracking.md): its code loads only for an address with utm_* parameters.
  if (/[?&]utm_/.test(location.search))
    void import('./tracking/campaign-visit').then((m) => m.sendCampaignVisit({ api, crawler }));
  await loadBlockComponents(
    page.islands.map((block) => block.type as BlockType),
    islandComponents,
  );
  const frames = page.islands.flatMap((block) => {
    const frame = document.getElementById(block.id);
    return frame ? [{ block, frame }] : [];
  });
  // A mark for tests and tools, as on every page: the page is interactive from here on.
  let waiting = frames.length;
  const onHydrated = () => {
    if (--waiting <= 0) document.documentElement.dataset.hydrated = 'true';
  };
  if (waiting === 0) onHydrated();
  for (const { block, frame } of frames)
    hydrateRoot(
      frame,
      <Island page={page} translations={translations} api={api} onHydrated={onHydrated}>
        <BlockBody block={block} data={page.data} />
      </Island>,
    );
  whenIdle(() => void translations.ready());
  rememberPageLocale(page.locale);
  // The page's path as its route sees it (without the locale prefix), as on a router page.
  const path = () => splitLocalePath(location.pathname).path;
  trackPageView(path());
  if (page.step) trackFunnelStep(page.step);
  startConsent({
    policy: page.consent,
    api,
    translations,
    locale: page.locale,
    currency: page.currency,
    path,
  });
}

const page = readJson<IslandsPage>(ISLANDS_DATA_ID);
// An island's chunk that fails to load (a deploy replaced it) reloads the page, at most once a minute.
reloadOnChunkFailures();
if (page) afterFirstPaint(() => void hydrateIslands(page));
