import type { Site } from '../schemas/generated/api';
import type { ApiClient } from './api/client';
import type { Translations } from './i18n/translations';
import type { IslandsPage } from './page/islands';
import type { RenderCache } from './render-cache';

export interface RouterContext {
  api: ApiClient;
  translations: Translations;
  /** The visitor's currency code, and its digits after the decimal point. */
  currency: string;
  currencyDecimals: number;
  /** The shop's origin, for canonical and Open Graph addresses. */
  origin: string;
  /**
   * The locale prefix of the page's address (`fr` in /fr/products/x; none for the shop's default language,
   * renderer/i18n/locale-path.ts): the router writes it into every link.
   */
  localePrefix?: string;
  /**
   * The visitor id (sakUUID). Only what is the visitor's own and never cached reads it (a funnel's steps:
   * its views, its A/B variant); a shared page must not depend on it.
   */
  visitorId?: string;
  /**
   * A crawler (server: told from its user agent; browser: a visitor without an id, which only crawlers
   * are): nothing personal is asked for or kept, no cart is changed.
   */
  crawler?: boolean;
  /**
   * Server only: the `token` cookie (a customer's session), unchecked. Only the account pages' loaders read
   * it (renderer/routes/account-guard.ts), to send it to the API as the `sign` header; those pages are
   * private. In the browser the cookie goes with every call by itself (it is HttpOnly: no script reads it).
   */
  customerToken?: string;
  /** Server only: site info the server already read for this request (spares the root loader a call). */
  site?: Site;
  /**
   * Server only: HTML rendered for earlier requests and loader results made once (renderer/render-cache.ts,
   * server/ssr/render-cache.ts). Absent in the browser and where nothing may come from the cache.
   */
  renderCache?: RenderCache;
  /** Server only: a block type's module URLs (<link rel=modulepreload>) and its stylesheets. */
  blockAssets?: (type: string) => { modules: string[]; styles: string[] };
  /**
   * Server only: the page's islands when it is rendered as an islands page (renderer/page/islands.ts): the
   * document then ends with the islands' data and script instead of the router's.
   */
  islands?: () => IslandsScripts | undefined;
  /** Where loader faults are reported (server: the app log). */
  reportError?: (reference: string, error: unknown) => void;
  /** Test builds only (e2e): `?__fault=loader,error-page` makes the loader or the error page fail. */
  faultInjection?: boolean;
}

/** What the server hands the browser beside the router's own data (see createShopRouter). */
export interface DehydratedShop {
  locale: string;
  currency: string;
  currencyDecimals: number;
  /** The shop's public origin (canonical and Open Graph addresses), the same in the browser as on the server. */
  origin: string;
  /** The locale's messages (versioned URL), loaded after hydration. */
  messagesUrl: string;
  blockTypes: string[];
  faultInjection?: boolean;
}

/** Id of the JSON script holding the strings the server translated for this page. */
export const TRANSLATION_SNAPSHOT_ID = 'vitrine-i18n';

/** What an islands page's document ends with: its data and the islands entry's script. */
export interface IslandsScripts {
  page: IslandsPage;
  entry: string;
}
