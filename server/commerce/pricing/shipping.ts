// Shipping templates (spec sections 3 and 7): which ways of shipping a destination has and what each
// costs for a spend. Pure. A template names its countries and, when it is only for some provinces, those;
// a destination takes the templates made for its province when there are any, else those for its whole
// country. A rate is flat, or by order value (the highest tier the spend reaches); a template may be
// free over a spend. Spends and prices are base-currency minor units (spend: after discounts). Rates by
// weight wait for weights in the catalog.
import type { LocalizedText } from '../../db/schema';
import { ShopError } from '../errors';

export interface ShippingTemplate {
  id: number;
  name: LocalizedText;
  countries: string[];
  provinces?: string[];
  rate: { kind: 'flat'; price: number } | { kind: 'value'; tiers: { minSubtotal: number; price: number }[] };
  freeOver?: number;
  /** Business days, fewest and most. */
  deliveryDays: [number, number];
}

export interface ShippingOption {
  id: number;
  name: LocalizedText;
  price: number;
  deliveryDays: [number, number];
}

/** Spec section 5: the message for a destination the shop does not ship to (code 5007). */
export const UNSUPPORTED_COUNTRY = 'Unfortunately we cannot offer services to the specified country';

export function shippingOptions(
  templates: ShippingTemplate[],
  destination: { country: string; province?: string },
  spend: number,
): ShippingOption[] {
  const forCountry = templates.filter((t) => t.countries.includes(destination.country));
  const forProvince = forCountry.filter((t) => destination.province && t.provinces?.includes(destination.province));
  const chosen = forProvince.length ? forProvince : forCountry.filter((t) => !t.provinces?.length);
  if (!chosen.length) throw new ShopError('shippingTemplateNotMatched', UNSUPPORTED_COUNTRY);
  return chosen.map((t) => ({ id: t.id, name: t.name, price: priceOf(t, spend), deliveryDays: t.deliveryDays }));
}

function priceOf(template: ShippingTemplate, spend: number): number {
  if (template.freeOver !== undefined && spend >= template.freeOver) return 0;
  if (template.rate.kind === 'flat') return template.rate.price;
  const reached = template.rate.tiers.filter((tier) => spend >= tier.minSubtotal);
  return reached.sort((a, b) => b.minSubtotal - a.minSubtotal)[0]?.price ?? template.rate.tiers[0]?.price ?? 0;
}

/** The countries some template ships to. */
export const shippingCountries = (templates: ShippingTemplate[]) => [...new Set(templates.flatMap((t) => t.countries))].sort();
