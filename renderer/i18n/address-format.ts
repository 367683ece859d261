// A postal address in the order its country writes it (US "Springfield, IL 62701", DE "10115 Berlin",
// GB town and postcode on lines of their own), from Google's libaddressinput formats as pruned by
// localized-address-format (its size in the browser bundle: bench/RESULTS.md). The country line is ours to add.
import { formatAddress } from 'localized-address-format';

export interface PostalAddress {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  province?: string | null;
  zip?: string | null;
  country?: string | null;
}

// Chinese, Japanese and Korean addresses have a local order (country to name) and a Latin one (name
// first): the local one when the page is in Chinese and the address is Chinese.
const LOCAL_SCRIPT: Record<string, string[]> = { cn: ['CN', 'TW', 'HK', 'MO'] };

/** The lines of a postal label above the country: name, street, then the country's own locality line(s). */
export function postalLines(address: PostalAddress, locale: string): string[] {
  const country = (address.country ?? '').toUpperCase();
  const clean = (value: string | null | undefined) => (value ?? '').trim();
  return formatAddress(
    {
      postalCountry: country || 'ZZ',
      administrativeArea: clean(address.province),
      locality: clean(address.city),
      postalCode: clean(address.zip),
      organization: clean(address.company),
      name: [clean(address.firstName), clean(address.lastName)].filter(Boolean).join(' '),
      addressLines: [clean(address.address1), clean(address.address2)].filter(Boolean),
    },
    LOCAL_SCRIPT[locale]?.includes(country) ? 'local' : 'latin',
  )
    .map((line) => line.trim())
    .filter(Boolean);
}
