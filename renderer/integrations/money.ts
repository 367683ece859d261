// Vendors take amounts in major units (12.5 for 12,50 €); the shop's events carry minor units. The
// currency's decimals are the shop's own (Site.currencies, handed to `load`), else ISO 4217's.
import type { IntegrationEnv } from './integration';

const shopDecimals = new Map<string, number>();

/** Remembers the shop's currencies' decimals (each integration's load hands them over). */
export function rememberCurrencies(env: Pick<IntegrationEnv, 'currencies'>): void {
  for (const currency of env.currencies ?? []) shopDecimals.set(currency.code, currency.decimals);
}

function isoDecimals(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** `minor` of `currency` in major units, rounded to the currency's decimals (no float tails). */
export function majorUnits(minor: number, currency: string): number {
  const decimals = shopDecimals.get(currency) ?? isoDecimals(currency);
  return Number((minor / 10 ** decimals).toFixed(decimals));
}
