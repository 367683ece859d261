// Reference data of the shop (menus, dictionaries, countries and their provinces and postcodes, cookie
// categories, used apps), stored as seeded and answered in the visitor's language. The used apps are
// also the merchant's to change (one app at a time, its config checked against the schema of its code).
import type { ShippingTemplate } from './pricing/shipping';
import { eq } from 'drizzle-orm';
import type { AppCode, AppConfig, Country, DictEntry, Menu, MenuItem, Province, ZipCheck } from '../../schemas/generated/api';
import { localize } from '../../schemas/localized-text';
import type { Db } from '../db/connect';
import { referenceData } from '../db/schema';
import type { CacheGroup } from './cache';
import { notFound } from './errors';

type Localized = Record<string, string> | string;
interface StoredMenuItem {
  title: Localized;
  url: string;
  children?: StoredMenuItem[];
}
export interface StoredCountry {
  code: string;
  phonePrefix: string;
  zip: { required: boolean; pattern: string; example: string };
  provinces: Province[];
}

/** Country names come from the platform's own CLDR data, in every language. */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale === 'cn' ? 'zh' : locale, 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export interface CheckoutSettings {
  /** max: base minor units; presets: percents of the subtotal offered as buttons. */
  tip: { enabled: boolean; max: number; presets: number[] };
  shippingInsurance: { enabled: boolean; percentage: number };
  shippingTemplates: ShippingTemplate[];
}

/**
 * The settings of each app that stay on the server: a browser never gets them (GET /api/app/config/used
 * leaves them out). The Conversions API token posts purchases in the shop's name; the maps key is billed
 * to the merchant and the maps calls go through the shop's server (spec section 7, Other).
 */
export const APP_SECRETS: Partial<Record<AppCode, readonly string[]>> = {
  pixel: ['accessToken'],
  googleMaps: ['key'],
};

/** A stored app as a browser may see it: its secret settings left out. */
export function publicApp(app: StoredApp): AppConfig {
  const secrets = APP_SECRETS[app.code];
  if (!secrets) return app as AppConfig;
  const config = { ...app.config };
  for (const key of secrets) delete config[key];
  return { ...app, config } as AppConfig;
}

/** An app as it is stored: its config with its secrets, checked against its code's settings schema when saved. */
export interface StoredApp {
  code: AppCode;
  status: 'ON' | 'OFF';
  config: Record<string, unknown>;
}

const NO_APPS: StoredApp[] = [];

export function createReference(db: Db, caches: CacheGroup) {
  const changedListeners = new Set<() => void>();
  const publicApps = new WeakMap<StoredApp[], AppConfig[]>();
  const cache = caches.readThrough<{ value: unknown }>({ max: 50 });
  const read = async <T>(key: string): Promise<T> =>
    (
      await cache.get(key, async () => {
        const [row] = await db.select().from(referenceData).where(eq(referenceData.key, key));
        return { value: row?.value ?? null };
      })
    ).value as T;

  const localizeItem = (item: StoredMenuItem, locale: string): MenuItem => ({
    title: localize(item.title, locale),
    url: item.url,
    children: (item.children ?? []).map((child) => localizeItem(child, locale)),
  });

  async function country(code: string): Promise<StoredCountry> {
    const found = ((await read<StoredCountry[]>('countries')) ?? []).find((c) => c.code === code);
    if (!found) throw notFound(`The shop does not deliver to the country ${code}.`);
    return found;
  }

  return {
    /** A country's postcode rule and provinces, or null for a country the shop does not know. */
    async countryRules(code: string): Promise<StoredCountry | null> {
      return ((await read<StoredCountry[]>('countries')) ?? []).find((c) => c.code === code) ?? null;
    },

    /** Checkout settings: tip, shipping insurance and shipping templates (fixtures/checkout.json). */
    async checkout(): Promise<CheckoutSettings> {
      return (
        (await read<CheckoutSettings>('checkout')) ?? {
          tip: { enabled: false, max: 0, presets: [] },
          shippingInsurance: { enabled: false, percentage: 0 },
          shippingTemplates: [],
        }
      );
    },

    async menus(locale: string): Promise<Menu[]> {
      const menus = (await read<{ handle: string; items: StoredMenuItem[] }[]>('menus')) ?? [];
      return menus.map((menu) => ({ handle: menu.handle, items: menu.items.map((item) => localizeItem(item, locale)) }));
    },

    async dict(code: string, locale: string): Promise<DictEntry[]> {
      const dicts = (await read<Record<string, Record<string, unknown>[]>>('dicts')) ?? {};
      const entries = Object.hasOwn(dicts, code) ? dicts[code] : undefined;
      if (!entries) throw notFound(`There is no dictionary ${code}.`);
      return entries.map((entry) => {
        const out: DictEntry = { code: String(entry.code), name: localize(entry.name as Localized, locale) };
        for (const [key, value] of Object.entries(entry)) {
          if (
            key !== 'code' &&
            key !== 'name' &&
            (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
          )
            out[key] = value;
        }
        return out;
      });
    },

    async countries(locale: string): Promise<Country[]> {
      const countries = (await read<StoredCountry[]>('countries')) ?? [];
      const collator = new Intl.Collator(locale === 'cn' ? 'zh' : locale);
      return countries
        .map((c) => ({
          code: c.code,
          name: countryName(c.code, locale),
          phonePrefix: c.phonePrefix,
          zip: c.zip,
          hasProvinces: c.provinces.length > 0,
        }))
        .sort((a, b) => collator.compare(a.name, b.name));
    },

    provinces: async (countryCode: string): Promise<Province[]> => (await country(countryCode)).provinces,

    async checkZip(countryCode: string, zip: string): Promise<ZipCheck> {
      const { zip: rule } = await country(countryCode);
      const value = zip.trim().toUpperCase();
      const valid = value === '' ? !rule.required : new RegExp(rule.pattern, 'i').test(value);
      return { valid, required: rule.required, example: rule.example };
    },

    /** Spec section 3: only the apps whose status is ON are used; as a browser may see them (no secrets). */
    async apps(): Promise<AppConfig[]> {
      const stored = (await read<StoredApp[] | null>('apps')) ?? NO_APPS;
      // Made once per read of the row: the same list while the data stays the same (pages keep it by identity).
      let shown = publicApps.get(stored);
      if (!shown) publicApps.set(stored, (shown = stored.filter((app) => app.status === 'ON').map(publicApp)));
      return shown;
    },

    /** An app's whole settings, secrets included, for the server's own use; undefined unless it is ON. */
    async appSettings(code: AppCode): Promise<Record<string, unknown> | undefined> {
      const app = ((await read<StoredApp[]>('apps')) ?? []).find((a) => a.code === code);
      return app?.status === 'ON' ? app.config : undefined;
    },

    /**
     * A merchant's change of one app (already checked against its code's schema): its status and whole
     * config replace what was stored, under the row's lock so two saves of different apps both stay.
     * Answers the app as a browser sees it; every process forgets what it read (onChanged).
     */
    async saveApp(app: StoredApp): Promise<AppConfig> {
      await db.transaction(async (tx) => {
        // The row exists once seeded; a shop seeded without apps gets it here (the lock then is the key's).
        await tx.insert(referenceData).values({ key: 'apps', value: [] }).onConflictDoNothing();
        const [row] = await tx.select().from(referenceData).where(eq(referenceData.key, 'apps')).for('update');
        const stored = ((row?.value ?? []) as StoredApp[]).filter((a) => a.code !== app.code);
        await tx
          .update(referenceData)
          .set({ value: [...stored, app] })
          .where(eq(referenceData.key, 'apps'));
      });
      cache.clear();
      for (const listener of changedListeners) listener();
      return publicApp(app);
    },

    /** Told after a merchant's change of the used apps (server/forget-on-change.ts tells the other processes). */
    onChanged(listener: () => void): () => void {
      changedListeners.add(listener);
      return () => changedListeners.delete(listener);
    },
  };
}

export type Reference = ReturnType<typeof createReference>;
