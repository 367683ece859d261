// A maps place onto the checkout's address fields (spec section 3: address1, address2, city, province,
// zip, country). The street line is written as the post of the place's country writes it; the province is
// one of the shop's own codes for the country (fixtures/countries.json) or left empty for the shopper to
// choose, never a code the checkout would refuse.
import type { MapsAddress, Province } from '../../../schemas/generated/api';
import type { MapsPlace } from './provider';

/** Countries whose post writes the number before the street ("12 Rue Oberkampf"); elsewhere after it. */
const NUMBER_FIRST = new Set(['US', 'CA', 'GB', 'IE', 'FR', 'LU', 'AU', 'NZ']);
/** Countries whose post puts a comma between the street and its number ("Puerta del Sol, 7"). */
const NUMBER_AFTER_COMMA = new Set(['ES', 'IT', 'PT', 'MX']);

/** The street line: number and street in the country's order, or the street (a square, a building) alone. */
export function streetLine(place: Pick<MapsPlace, 'countryCode' | 'streetNumber' | 'route'>): string {
  const { streetNumber: number, route, countryCode } = place;
  if (!number) return route;
  if (!route) return number;
  if (NUMBER_FIRST.has(countryCode)) return `${number} ${route}`;
  return NUMBER_AFTER_COMMA.has(countryCode) ? `${route}, ${number}` : `${route} ${number}`;
}

/** Compares names without case or accents ("Québec" is "quebec"). */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/**
 * The shop's province code for a place's state: its short form when the shop uses it as a code (US, CA,
 * AU, CN), else the province whose name is the state's long form (JP's numbered prefectures); empty when
 * the country has no provinces or none matches.
 */
export function provinceCode(place: MapsPlace, provinces: readonly Province[]): string {
  if (!provinces.length) return '';
  const short = place.adminArea.short.toUpperCase();
  const byCode = provinces.find((p) => p.code.toUpperCase() === short);
  if (byCode) return byCode.code;
  const long = plain(place.adminArea.long);
  return provinces.find((p) => plain(p.name) === long || plain(p.name) === plain(place.adminArea.short))?.code ?? '';
}

/** The checkout's fields filled from a place. */
export function toCheckoutAddress(place: MapsPlace, provinces: readonly Province[]): MapsAddress {
  return {
    placeId: place.placeId,
    address1: streetLine(place),
    address2: place.subpremise,
    city: place.locality,
    province: provinceCode(place, provinces),
    zip: place.postalCode,
    country: place.countryCode,
  };
}

/** The country's name in the shopper's language (the platform's CLDR data). */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale === 'cn' ? 'zh' : locale, 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A prediction's second line: "75011 Paris, France", "Austin, TX 78701, United States". */
export function secondaryText(place: MapsPlace, locale: string): string {
  const country = countryName(place.countryCode, locale);
  const town =
    place.countryCode === 'US' || place.countryCode === 'CA' || place.countryCode === 'AU'
      ? `${place.locality}, ${[place.adminArea.short, place.postalCode].filter(Boolean).join(' ')}`
      : place.countryCode === 'GB' || place.countryCode === 'IE'
        ? `${place.locality} ${place.postalCode}`
        : `${place.postalCode} ${place.locality}`;
  return `${town.trim()}, ${country}`;
}
