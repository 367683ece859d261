// A postal address as the shopper typed it, one line per part, the country named in the mail's language.
import type { CheckoutAddress } from '../../schemas/generated/api';
import { intlLocale } from '../../renderer/i18n/locales';

export function addressLines(address: CheckoutAddress, locale: string): string[] {
  let country = address.country;
  try {
    country = new Intl.DisplayNames([intlLocale(locale)], { type: 'region' }).of(address.country) ?? address.country;
  } catch {
    // Not a region code Intl knows: the code as stored.
  }
  return [
    `${address.firstName} ${address.lastName}`.trim(),
    address.address1,
    address.address2,
    [address.zip, address.city, address.province].filter(Boolean).join(' '),
    country,
    address.phone,
  ].filter((line) => line.trim() !== '');
}
