// Shipping templates (spec sections 3 and 7): which ways of shipping a destination has and what each
// costs for a spend. Pure. A template names its countries and, when it is only for some provinces, those;
// a destination takes the templates made for its province when there are any, else those for its whole
// country. A rate is flat, by order value (the highest tier the spend reaches) or by weight (the highest
// tier the parcel's grams reach); a template may be free over a spend. Spends and prices are base-currency
// minor units (spend: after discounts); weights are grams (SKU weight times quantity, gifts included).
import type { LocalizedText } from '../../db/schema';
import { ShopError } from '../errors';

export interface ShippingTemplate {
  id: number;
  name: LocalizedText;
  countries: string[];
  provinces?: string[];
  rate:
    | { kind: 'flat'; price: number }
    | { kind: 'value'; tiers: { minSubtotal: number; price: number }[] }
    | { kind: 'weight'; tiers: { minGrams: number; price: number }[] };
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
  /** Grams of the whole parcel. */
  grams = 0,
): ShippingOption[] {
  const forCountry = templates.filter((t) => t.countries.includes(destination.country));
  const forProvince = forCountry.filter((t) => destination.province && t.provinces?.includes(destination.province));
  const chosen = forProvince.length ? forProvince : forCountry.filter((t) => !t.provinces?.length);
  if (!chosen.length) throw new ShopError('shippingTemplateNotMatched', UNSUPPORTED_COUNTRY);
  return chosen.map((t) => ({ id: t.id, name: t.name, price: priceOf(t, spend, grams), deliveryDays: t.deliveryDays }));
}

/**
 * The way of shipping `templateId` to a destination, priced for the spend and weight; null when it does
 * not serve that destination (another province's template, a country no longer served). A choice saved
 * for an earlier address is checked here every time the checkout is priced: it is never priced 0.
 */
export function chosenShipping(
  templates: ShippingTemplate[],
  destination: { country: string; province?: string },
  spend: number,
  grams: number,
  templateId: number,
): ShippingOption | null {
  let offered: ShippingOption[];
  try {
    offered = shippingOptions(templates, destination, spend, grams);
  } catch (error) {
    if (error instanceof ShopError && error.error === 'shippingTemplateNotMatched') return null;
    throw error;
  }
  return offered.find((o) => o.id === templateId) ?? null;
}

/** Whether a way of shipping serves a destination (whatever it costs there). */
export const servesDestination = (
  templates: ShippingTemplate[],
  destination: { country: string; province?: string },
  templateId: number,
) => chosenShipping(templates, destination, 0, 0, templateId) !== null;

/**
 * The price of the highest tier reached (the first tier's when none is). A template without tiers has
 * no price: an error, never free shipping.
 */
function tierPrice(template: ShippingTemplate, tiers: { from: number; price: number }[], reached: number): number {
  const met = tiers.filter((tier) => reached >= tier.from).sort((a, b) => b.from - a.from);
  const price = met[0]?.price ?? [...tiers].sort((a, b) => a.from - b.from)[0]?.price;
  if (price === undefined) throw new Error(`The shipping template ${template.id} has no rate tiers: it cannot be priced.`);
  return price;
}

function priceOf(template: ShippingTemplate, spend: number, grams: number): number {
  if (template.freeOver !== undefined && spend >= template.freeOver) return 0;
  const { rate } = template;
  if (rate.kind === 'flat') return rate.price;
  if (rate.kind === 'value')
    return tierPrice(
      template,
      rate.tiers.map((t) => ({ from: t.minSubtotal, price: t.price })),
      spend,
    );
  return tierPrice(
    template,
    rate.tiers.map((t) => ({ from: t.minGrams, price: t.price })),
    grams,
  );
}

/** Grams of some lines (SKU weight times quantity). */
export const parcelGrams = (lines: { skuId: number; quantity: number }[], weightOf: (skuId: number) => number) =>
  lines.reduce((grams, line) => grams + weightOf(line.skuId) * line.quantity, 0);

/** The countries some template ships to. */
export const shippingCountries = (templates: ShippingTemplate[]) => [...new Set(templates.flatMap((t) => t.countries))].sort();
