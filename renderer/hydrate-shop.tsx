// The shop's hydration, loaded by the browser entry (entry-client.tsx) once the page has shown: takes
// the locale and the server's translated strings, loads the code of the blocks on the page, then
// hydrates the server's HTML. i18next and the locale's messages follow when the browser is idle (or at
// the first client navigation, whichever comes first), and so does the link prefetch.
import { RouterProvider } from '@tanstack/react-router';
import { hydrate } from '@tanstack/router-core/ssr/client';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { BlockType } from '../schemas/generated/block-types';
import { browserSiteModes, createApiClient } from './api/client';
import { rememberPageLocale } from './i18n/locale-head-script';
import { splitLocalePath } from './i18n/locale-path';
import { pageTranslations } from './i18n/page-translations';
import { fixedTranslations } from './i18n/translations';
import { ensureBlockComponents } from './page/block-components';
import { createShopRouter } from './router';
import { browserVisitor } from './state/visitor-id';
import { consentPolicyOf } from './consent/consent-policy';
import { startConsent } from './consent/start-consent';
import { trackPageView } from './tracking/page-views';
import { afterFirstPaint, nextTask, whenIdle } from './when-idle';

const origin = window.location.origin;

// The context is a placeholder until hydrate() has the server's locale, currency and strings.
const router = createShopRouter(
  {
    api: createApiClient({ origin, locale: 'en' }),
    translations: fixedTranslations({ locale: 'en', t: () => '' }),
    currency: '',
    currencyDecimals: 2,
    origin,
    // The server answered this address, so its prefix is one the shop offers (server/locale-addresses.ts).
    localePrefix: splitLocalePath(window.location.pathname).prefix,
  },
  {
    hydrate: async (data) => {
      const translations = pageTranslations(data.locale, data.messagesUrl);
      const { visitorId, crawler } = browserVisitor();
      const api = createApiClient({ origin, locale: data.locale, currency: data.currency, visitorId, ...browserSiteModes() });
      router.update({
        ...router.options,
        context: {
          api,
          translations,
          currency: data.currency,
          currencyDecimals: data.currencyDecimals,
          origin: data.origin,
          localePrefix: router.options.context.localePrefix,
          visitorId,
          crawler,
          faultInjection: data.faultInjection,
        },
      });
      rememberPageLocale(data.locale);
      await ensureBlockComponents(data.blockTypes as BlockType[]);
      whenIdle(() => void translations.ready());
    },
  },
);

/**
 * What the router's RouterClient does, in three tasks instead of one: the router takes the server's data
 * (and the page's lazy views and blocks load), then React hydrates the page as a transition, yielding
 * to the browser every few milliseconds. In one task with the first slice of React's work, the router's
 * part made a phone's longest task after the page showed (Lighthouse's total blocking time).
 */
async function hydrateShop() {
  await hydrate(router);
  window.$_TSR?.h();
  await nextTask();
  startTransition(() => void hydrateRoot(document, <RouterProvider router={router} />));
  if (!router.options.context.crawler) afterFirstPaint(startTracking);
  // Campaign attribution (docs/tracking.md): its code loads only for an address with utm_* parameters.
  const campaign = () => {
    if (/[?&]utm_/.test(location.search))
      void import('./tracking/campaign-visit').then((m) => m.sendCampaignVisit(router.options.context));
  };
  campaign();
  router.subscribe('onResolved', campaign);
  // Link prefetch (spec section 9), its code loaded once the page is idle: no page's first-load JavaScript.
  if (!router.options.context.crawler)
    whenIdle(() => void import('./idle-prefetch').then(({ prefetchLinksWhenIdle }) => prefetchLinksWhenIdle(router)));
}

/** Consent (the banner, the integrations it allows) and the page views of the event layer. */
function startTracking() {
  const { api, translations, currency } = router.options.context;
  const site = (router.state.matches[0]?.loaderData as { site?: { extDataMap: Record<string, string> } } | undefined)?.site;
  if (!site) return;
  trackPageView(router.state.location.pathname);
  router.subscribe('onResolved', ({ toLocation, pathChanged }) => {
    if (pathChanged) requestAnimationFrame(() => trackPageView(toLocation.pathname));
  });
  startConsent({
    policy: consentPolicyOf(site.extDataMap),
    api,
    translations,
    locale: translations.current().locale,
    currency,
    path: () => router.state.location.pathname,
    onNavigate: (listener) => router.subscribe('onBeforeNavigate', ({ toLocation }) => listener(toLocation.href)),
  });
}

void hydrateShop();
