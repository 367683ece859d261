// The contract of a vendor integration of the used-apps configuration (spec section 3): what it loads
// from where (for the Content-Security-Policy), how it loads (the vendor's own base code), and how a shop
// event becomes the vendor's event. The code that decides whether a page may load one (consent, payment
// pages, /closed) is not here: it calls the registry (./index.ts) with an app's code and config, then
// subscribes `onEvent` to the shop's events (renderer/tracking/shop-events.ts).
import type { AppConfig } from '../../schemas/generated/api';
import type { IntegrationCode } from '../consent/app-categories';
import type { ConsentState } from '../consent/consent-cookie';
import type { ShopEvent } from '../tracking/shop-events';

/**
 * Origins (e.g. https://www.googletagmanager.com) by what loads from them: the same shape as the server's
 * `ThirdPartyOrigins` (server/ssr/content-security-policy.ts), which the renderer may not import.
 */
export interface ThirdPartyOrigins {
  script?: readonly string[];
  connect?: readonly string[];
  img?: readonly string[];
  frame?: readonly string[];
}

export interface IntegrationEnv {
  /** The page's locale (e.g. de, en-GB): the chat plugin speaks it. */
  locale: string;
  /** The visitor's currency. */
  currency: string;
  consent: ConsentState;
  /**
   * The shop's currencies (Site.currencies): a minor amount is divided by 10^decimals of its currency.
   * Without it, or for a currency not listed, ISO 4217's digits are used.
   */
  currencies?: readonly { code: string; decimals: number }[];
}

export interface Integration<C = unknown> {
  code: IntegrationCode;
  /** The origins it loads from and talks to, for the Content-Security-Policy (script/connect/img/frame). */
  origins(config: C): ThirdPartyOrigins;
  /** Injects the vendor's script exactly as the vendor's docs say (base code), with the config's ids. Idempotent. */
  load(config: C, env: IntegrationEnv): void;
  /** Maps a ShopEvent to the vendor's event call; undefined = ignored. Each event object is sent once. */
  onEvent?(event: ShopEvent, config: C): void;
}

/** The config of an app code, as GET /api/app/config/used answers it. */
export type ConfigOf<K extends AppConfig['code']> = Extract<AppConfig, { code: K }>['config'];
