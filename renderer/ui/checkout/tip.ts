// The tip: offered as percents of the subtotal (TipSettings.presets) or an amount typed by the shopper,
// at most TipSettings.max. The shopper sees the shown currency; the API keeps the tip in base minor units
// (prices are converted with the site's rate, base = shown / rate).
import type { Currency, Money } from '../../../schemas/generated/api';

/** A percent of the subtotal, in the shown currency's minor units (rounded half up). */
export const presetAmount = (subtotal: Money, percent: number) => Math.round((subtotal.amount * percent) / 100);

/** Shown minor units -> base minor units. */
export function toBase(amount: number, shown: Currency | undefined, base: Currency | undefined): number {
  if (!shown || !base || shown.code === base.code) return amount;
  const major = amount / 10 ** shown.decimals / Number(shown.rate);
  return Math.round(major * 10 ** base.decimals);
}

/** What the shopper typed ("5", "5.50", "5,50") in minor units of the shown currency; null when not a number. */
export function parseAmount(text: string, decimals: number): number | null {
  const clean = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{0,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 10 ** decimals);
}
