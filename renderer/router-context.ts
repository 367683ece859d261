import type { PageView, Site } from '../schemas/generated/api';
import type { ApiClient } from './api/client';
import type { Translations } from './i18n/translations';
import type { IslandsPage } from './page/islands';
import type { LayoutPart } from './ui/layout/kept-layout';
import type { composedOf } from './serialize-once';

export interface RouterContext {
  api: ApiClient;
  translations: Translations;
  /** The visitor's currency code, and its digits after the decimal point. */
  currency: string;
  currencyDecimals: number;
  /** Whether the request came from a phone (user agent): the first render's guess. */
  mobile: boolean;
  /** The shop's origin, for canonical and Open Graph addresses. */
  origin: string;
  /**
   * The visitor id (sakUUID). Only what is the visitor's own and never kept reads it (a funnel's steps:
   * its views, its A/B variant); a shared page must not depend on it.
   */
  visitorId?: string;
  /** Server only: site info the server already read for this request (spares the root loader a call). */
  site?: Site;
  /**
   * Server only: the HTML of a page's blocks already drawn for this page version and visitor kind, by
   * block id (server/ssr/kept-html.tsx); the others are drawn as usual.
   */
  blockFragments?: (view: PageView) => ReadonlyMap<string, string> | undefined;
  /** Server only: the header's or footer's content as drawn for an earlier request (server/ssr/kept-html.tsx). */
  keptLayout?: (part: LayoutPart) => string | undefined;
  /**
   * Server only: a route view's HTML as drawn for an earlier request from the same loader data (the
   * product and collection pages' views), by that data (server/ssr/kept-html.tsx).
   */
  keptView?: (loaderData: object) => string | undefined;
  /**
   * Server only: a loader's result made of kept parts, the same object while they are (serialize-once.ts).
   * Given through the context so that route data modules, which lazy views import too, do not import it.
   */
  composedOf?: typeof composedOf;
  /** Server only: a block type's module URLs (<link rel=modulepreload>) and its stylesheets. */
  blockAssets?: (type: string) => { modules: string[]; styles: string[] };
  /**
   * Server only: the page's islands when it is drawn as an islands page (renderer/page/islands.ts): the
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
  mobile: boolean;
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
