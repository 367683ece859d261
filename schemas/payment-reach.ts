// Where a payment method works (issue 23): each method declares the countries and currencies its scheme
// serves (fixtures/payment-methods.json: iDEAL only in the Netherlands and in euros, BLIK in Poland in
// złoty, OXXO in Mexico in pesos; an empty list: everywhere), and the merchant may narrow the countries
// (site setting extDataMap.paymentCountries). Pure and shared: the server lists each method with its
// reach and refuses a payment that does not fit (7005), and the checkout offers only what fits, by the
// same rule, so a shopper is never shown a method the server would refuse.

/** Where a method works: ISO 3166 country and ISO 4217 currency codes; an empty list means everywhere. */
export interface Reach {
  countries: string[];
  currencies: string[];
}

/** Where the shopper pays: the destination country and the checkout's currency. */
export interface Where {
  country: string;
  currency: string;
}

/** Whether a method reaching `reach` may pay for an order to `where`. */
export const fits = (reach: Partial<Reach>, where: Where): boolean =>
  (!reach.countries?.length || reach.countries.includes(where.country)) &&
  (!reach.currencies?.length || reach.currencies.includes(where.currency));

/**
 * The merchant's setting `paymentCountries`: `code:CC CC;code:CC` (each method's own countries). Pattern
 * of the site-settings schema; what does not parse here never was saved (the PATCH validates it).
 */
export const PAYMENT_COUNTRIES_PATTERN = '^[a-z0-9-]{1,40}:[A-Z]{2}( [A-Z]{2})*(;[a-z0-9-]{1,40}:[A-Z]{2}( [A-Z]{2})*)*$';

/** The merchant's countries by method code. */
export function narrowings(setting: string | undefined): Map<string, string[]> {
  const found = new Map<string, string[]>();
  if (!setting || !new RegExp(PAYMENT_COUNTRIES_PATTERN).test(setting)) return found;
  for (const part of setting.split(';')) {
    const [code, countries] = part.split(':') as [string, string];
    found.set(code, countries.split(' '));
  }
  return found;
}

/**
 * A method's reach once the merchant narrowed it: the merchant can take a country away, never add one
 * its scheme does not serve. null: narrowed to no country it serves (the method is not offered).
 */
export function narrowed(declared: Reach, merchant: string[] | undefined): Reach | null {
  if (!merchant) return declared;
  const countries = declared.countries.length ? declared.countries.filter((c) => merchant.includes(c)) : merchant;
  return countries.length ? { ...declared, countries } : null;
}

interface Offerable extends Partial<Reach> {
  code: string;
  type: string;
  provider: string;
}

/**
 * The methods a checkout offers for `where`, in the merchant's order: those that fit, and one card form
 * (two card methods of the same provider draw the same fields: the shopper sees the first, usually the
 * defaulted one, as Shopify shows one "Credit card").
 */
export function offeredFor<M extends Offerable>(methods: readonly M[], where: Where): M[] {
  const cards = new Set<string>();
  return methods.filter((m) => {
    if (!fits(m, where)) return false;
    if (m.type !== 'CARD') return true;
    if (cards.has(m.provider)) return false;
    cards.add(m.provider);
    return true;
  });
}
