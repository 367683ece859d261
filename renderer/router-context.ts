import type { i18n as I18n } from 'i18next';
import type { ApiClient } from './api/client';
import type { Messages } from './i18n/create-i18n';

export interface RouterContext {
  api: ApiClient;
  i18n: I18n;
  /** Server only: the module URLs of a block type's code, for <link rel=modulepreload>. */
  blockAssets?: (type: string) => string[];
  /** Where loader faults are reported (server: the app log). */
  reportError?: (reference: string, error: unknown) => void;
  /** Test builds only (e2e): `?__fault=loader|error-page` makes the loader or the error page fail. */
  faultInjection?: boolean;
}

/** What the server hands the browser beside the router's own data (see createShopRouter). */
export interface DehydratedShop {
  locale: string;
  messages: Messages;
  blockTypes: string[];
  faultInjection?: boolean;
}
