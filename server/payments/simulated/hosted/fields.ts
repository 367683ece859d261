// What the hosted-page providers write in their fields: amounts as decimals of the currency's unit
// ("12.34", "1200" for yen), as their APIs take them, made from the shop's minor units.
const digitsOf = (currencyCode: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode }).resolvedOptions().maximumFractionDigits ?? 2;

export function decimalAmount(amount: number, currencyCode: string): string {
  const digits = digitsOf(currencyCode);
  if (digits === 0) return String(amount);
  const text = String(amount).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A form body (application/x-www-form-urlencoded) as a record; throws when it is not one. */
export function formFields(raw: string): Record<string, string> {
  if (!raw || raw.length > 10_000) throw new Error('the notification body is empty or too large');
  return Object.fromEntries(new URLSearchParams(raw));
}

/** A JSON object body; throws when it is not one. */
export function jsonFields(raw: string): Record<string, unknown> {
  const body: unknown = JSON.parse(raw);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('the notification body is not an object');
  return body as Record<string, unknown>;
}

/** The reference a notification names: one of this provider's (prefix_ and hex). */
export function referenceField(value: unknown, prefix: string): string {
  if (typeof value !== 'string' || !new RegExp(`^${prefix}_[0-9a-f]{24}$`).test(value))
    throw new Error('the notification names no payment of this provider');
  return value;
}
