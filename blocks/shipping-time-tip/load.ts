import type { BlockLoad, SettingsOf } from '../types';

export interface CountriesData {
  /** The countries the shop ships to, named in the page's language. */
  countries: { code: string; name: string }[];
}

export const loadCountries: BlockLoad<SettingsOf<'shipping-time-tip'>, CountriesData> = async ({ api }) => ({
  countries: (await api.checkout.countries()).map((c) => ({ code: c.code, name: c.name })),
});
