// The maps calls of spec section 7 (GET api/googleMaps/getCallTimes, addressSearch, address/detail): offered
// only while the site's `googleMaps_enable` is on and the used-apps configuration has the maps app ON
// (spec section 3); every lookup counted against the day's limits (quota.ts) before the provider is asked.
import type { MapsAddress, MapsCallTimes, MapsSuggestion } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import { ShopError } from '../errors';
import type { Reference } from '../reference';
import type { createSiteService } from '../site';
import { toCheckoutAddress } from './address';
import type { MapsProvider } from './provider';
import { DEFAULT_MAPS_LIMITS, createMapsQuota, nextDay, type MapsLimits } from './quota';
import { createProviderSelection } from './select-provider';

export interface MapsOptions {
  reference: Pick<Reference, 'appSettings' | 'countryRules'>;
  site: Pick<ReturnType<typeof createSiteService>, 'get'>;
  limits?: MapsLimits;
  now?: () => Date;
  /** Never call an outside maps service, whatever the key (the stand-in answers). */
  offline?: boolean;
  /** How Google is reached (a test's fake). */
  fetch?: typeof fetch;
  log?: (message: string, error?: unknown) => void;
}

export interface AddressSearch {
  input: string;
  country?: string;
  sessionToken?: string;
}

export function createMaps(db: Db, options: MapsOptions) {
  const limits = options.limits ?? DEFAULT_MAPS_LIMITS;
  const now = options.now ?? (() => new Date());
  const quota = createMapsQuota(db, limits);
  const select = createProviderSelection({ offline: options.offline ?? false, fetch: options.fetch });

  /** The provider of a shop that offers maps; 50035 when it does not. */
  async function provider(): Promise<MapsProvider> {
    // The app's whole settings: its key is a secret of the server's, never in the public list.
    const [site, config] = await Promise.all([options.site.get(), options.reference.appSettings('googleMaps')]);
    if (!site.googleMaps_enable || !config)
      throw new ShopError('mapsOff', 'The shop does not offer address suggestions (its maps app is off).');
    return select(config);
  }

  async function spend(visitor: string): Promise<void> {
    const spent = await quota.take(visitor, now());
    if (spent)
      throw new ShopError(
        'mapsQuotaExceeded',
        spent === 'visitor'
          ? `This visitor has made the ${limits.visitorPerDay} address lookups of the day; they start again at midnight UTC.`
          : 'The shop has made all its address lookups of the day; they start again at midnight UTC.',
        { resetsAt: nextDay(now()).toISOString() },
      );
  }

  /** The provider's failure is the shopper's "try again later", never a fault page: they can type on. */
  async function ask<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      options.log?.(`the maps service failed (${what})`, error);
      throw new ShopError('tryAgainLater', 'The address service did not answer. Type the address in full.');
    }
  }

  return {
    /** How many lookups the visitor may still make today (spec: getCallTimes). */
    async callTimes(visitor: string): Promise<MapsCallTimes> {
      const answering = await provider();
      const at = now();
      const { used, remaining } = await quota.remaining(visitor, at);
      return {
        limit: limits.visitorPerDay,
        used,
        remaining,
        resetsAt: nextDay(at).toISOString(),
        provider: answering.name,
      };
    },

    /** Address predictions for what the shopper typed (spec: addressSearch). */
    async search(visitor: string, search: AddressSearch, locale: string): Promise<MapsSuggestion[]> {
      const answering = await provider();
      await spend(visitor);
      const predictions = await ask('search', () =>
        answering.search(search.input, {
          locale,
          ...(search.country && { country: search.country }),
          ...(search.sessionToken && { sessionToken: search.sessionToken }),
        }),
      );
      return predictions.map((p) => ({ placeId: p.placeId, mainText: p.mainText, secondaryText: p.secondaryText }));
    },

    /** A picked prediction's address, in the checkout's fields (spec: address/detail). */
    async detail(visitor: string, placeId: string, sessionToken: string | undefined, locale: string): Promise<MapsAddress> {
      const answering = await provider();
      await spend(visitor);
      const place = await ask('detail', () => answering.detail(placeId, { locale, ...(sessionToken && { sessionToken }) }));
      if (!place) throw new ShopError('notFound', `There is no address ${placeId}.`);
      const rules = await options.reference.countryRules(place.countryCode);
      return toCheckoutAddress(place, rules?.provinces ?? []);
    },
  };
}

export type Maps = ReturnType<typeof createMaps>;
