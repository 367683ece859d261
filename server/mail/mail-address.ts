// A postal address as the shopper typed it, in its country's order (renderer/i18n/address-format.ts),
// the country named in the mail's language.
import type { CheckoutAddress } from '../../schemas/generated/api';
import { postalLines } from '../../renderer/i18n/address-format';
import { intlLocale } from '../../renderer/i18n/locales';

export function addressLines(address: CheckoutAddress, locale: string): string[] {
  let country = address.country;
  try {
    country = new Intl.DisplayNames([intlLocale(locale)], { type: 'region' }).of(address.country) ?? address.country;
  } catch {
    // Not a region code Intl knows: the code as stored.
  }
  return [...postalLines(address, locale), country, address.phone ?? ''].filter((line) => line.trim() !== '');
}
