// What a log line may not hold, taken out of anything about to be logged: card numbers in any text (masked,
// card-numbers.ts), and the values of secret fields (a card's security code, passwords, tokens, keys,
// authorization headers, webhook secrets) at any depth, in objects, in errors (message, stack, own fields,
// cause) and in JSON written into a message as text. What holds nothing to take out is answered as it is
// (the same object), so a log of ordinary lines costs a walk and no copies.
import { maskCardNumbers } from './card-numbers';

export const REDACTED = '[redacted]';

/**
 * Field names whose values are secret, compared without case, dashes or underscores ("Payment_Token",
 * "x-api-key"): a card's number and security code, passwords, every token (payment, card, order, access…:
 * each is a key to something), keys and secrets (API, webhook, client), authorization and cookies.
 */
const SECRET_FIELD =
  /^(?:cardnumber|pan|cvc2?|cvv2?|cvn|csc|securitycode|cardsecuritycode|authorization|proxyauthorization|cookie|setcookie|.*(?:password|passwd|passphrase|secret|secretkey|token|apikey|privatekey|signingkey))$/;
/** `number` is a card's in a card's fields and an order's elsewhere: secret when it holds a card's many digits. */
const NUMBER_FIELD = /^(?:number|cardno|accountnumber)$/;

const normalized = (key: string) => key.toLowerCase().replace(/[-_\s]/g, '');

/** Whether the value of field `key` must not be logged. */
export function isSecretField(key: string, value: unknown): boolean {
  const name = normalized(key);
  if (SECRET_FIELD.test(name)) return true;
  return NUMBER_FIELD.test(name) && String(value).replace(/\D/g, '').length >= 12;
}

/** A secret field written in text: `"cvc": "123"`, `"cvc":123` (JSON as text) or `cvc=123` (a query). */
const FIELD_IN_TEXT = /("([\w-]{1,40})"\s*:\s*)("(?:[^"\\]|\\.)*(?:"|$)|[\w.+-]+)|\b([\w-]{1,40})=([^&\s"',;]*)/g;

/** Text with card numbers masked and secret fields written in it redacted. */
export function scrubText(text: string): string {
  const fields = text.replace(
    FIELD_IN_TEXT,
    (whole, head?: string, key?: string, value?: string, qKey?: string, qValue?: string) => {
      if (head !== undefined) return isSecretField(key!, value!.replace(/^"|"$/g, '')) ? `${head}"${REDACTED}"` : whole;
      return isSecretField(qKey!, qValue!) && qValue ? `${qKey}=${REDACTED}` : whole;
    },
  );
  return maskCardNumbers(fields);
}

/**
 * At most `max` characters of text or a value (as JSON) for a log line, scrubbed before it is cut: a number
 * cut in two is no longer a card's to the mask, and its first digits would be written.
 */
export function logExcerpt(value: unknown, max: number): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(scrub(value)) ?? String(value));
  return scrubText(text).slice(0, max);
}

/** How deep a value is walked; deeper parts are left out of the line rather than logged unread. */
const MAX_DEPTH = 16;

/**
 * `value` without card numbers or secrets: the same value when it holds none; otherwise a copy (an error
 * stays an error of its own class, with its stack, so what reads it still can).
 */
export function scrub(value: unknown): unknown {
  return walk(value, new Set(), 0);
}

function walk(value: unknown, path: Set<object>, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  // A card number sent as a JSON number (up to 16 digits are exact).
  if (typeof value === 'number' || typeof value === 'bigint') {
    const digits = String(value);
    const masked = maskCardNumbers(digits);
    return masked === digits ? value : masked;
  }
  if (value === null || typeof value !== 'object') return value;
  if (path.has(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return '[too deep]';
  // Values JSON writes as text of their own (dates, buffers, maps) hold no fields to walk.
  if (value instanceof Date || ArrayBuffer.isView(value) || value instanceof Map || value instanceof Set) return value;
  path.add(value);
  try {
    if (Array.isArray(value)) {
      const items = value.map((item) => walk(item, path, depth + 1));
      return items.some((item, i) => item !== value[i]) ? items : value;
    }
    return value instanceof Error ? walkError(value, path, depth) : walkObject(value, path, depth);
  } finally {
    path.delete(value);
  }
}

function walkObject(value: object, path: Set<object>, depth: number): object {
  let copy: Record<string, unknown> | null = null;
  const entries = Object.entries(value);
  entries.forEach(([key, field], i) => {
    const clean =
      field !== null && field !== undefined && field !== '' && isSecretField(key, field)
        ? REDACTED
        : walk(field, path, depth + 1);
    // A name is text a client may have chosen too ({"4242 4242 4242 4242": …}).
    const name = scrubText(key);
    if ((clean !== field || name !== key) && !copy) {
      copy = Object.create(Object.getPrototypeOf(value)) as Record<string, unknown>;
      for (const [k, v] of entries.slice(0, i)) copy[k] = v;
    }
    if (copy) copy[name] = clean;
  });
  return copy ?? value;
}

/** An error's own fields, the message, stack and cause among them (they are not enumerable). */
function walkError(error: Error, path: Set<object>, depth: number): Error {
  const descriptors = Object.getOwnPropertyDescriptors(error);
  let changed = false;
  for (const [key, descriptor] of Object.entries(descriptors)) {
    if (!('value' in descriptor)) continue;
    const field: unknown = descriptor.value;
    const clean =
      key !== 'message' && key !== 'stack' && field != null && isSecretField(key, field)
        ? REDACTED
        : walk(field, path, depth + 1);
    if (clean !== field) {
      descriptor.value = clean;
      changed = true;
    }
  }
  return changed ? (Object.create(Object.getPrototypeOf(error), descriptors) as Error) : error;
}
