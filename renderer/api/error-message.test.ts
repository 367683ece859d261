// The one table of error codes (schemas/error-codes.json) holds every code of spec section 8, and the
// renderer words each of them in the visitor's language.
import { describe, expect, it } from 'vitest';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { errorCodes, errorStatus, type ErrorName } from '../../schemas/generated/error-codes';
import { ApiError } from './api-error';
import { errorMessage, errorName } from './error-message';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** Spec section 8, as written there. */
const SPEC_CODES = [...range(8001, 8013), ...range(7001, 7007), ...range(5001, 5012), 50014, 50021, ...range(80000, 80014)];

describe('error codes', () => {
  it('are every code of spec section 8, once each, beside the generic HTTP ones', () => {
    const codes = Object.values(errorCodes);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.filter((c) => c >= 1000).sort((a, b) => a - b)).toEqual([...SPEC_CODES].sort((a, b) => a - b));
    expect(codes.filter((c) => c < 1000).sort()).toEqual([400, 401, 404, 409, 413, 415, 500]);
  });

  it('each have an HTTP status: 4xx for what the shopper can change, 5xx for what the shop must', () => {
    for (const [name, status] of Object.entries(errorStatus)) {
      expect(status >= 400 && status < 600, name).toBe(true);
    }
    expect(errorStatus.issuerRefused).toBe(402);
    expect(errorStatus.removedFromShelf).toBe(410);
    expect(errorStatus.maintenance).toBe(503);
  });

  it('each have a message in English (and so, by the locale tests, in every language)', () => {
    const messages = en.errors as Record<string, string>;
    expect((Object.keys(errorCodes) as ErrorName[]).filter((name) => !messages[name])).toEqual([]);
  });

  it('are worded by name, with the quantity a refusal names', async () => {
    const t = (key: string, options?: Record<string, string | number>) => `${key}${options ? JSON.stringify(options) : ''}`;
    expect(await errorName(80012)).toBe('invalidCvc');
    expect(await errorMessage(new ApiError(80012, 402, 'x', null), t)).toBe('errors.invalidCvc');
    expect(await errorMessage(new ApiError(5003, 409, 'x', { available: 2 }), t)).toBe('errors.onlyAvailable{"count":2}');
    expect(await errorMessage(new ApiError(9999, 400, 'x', null), t)).toBe('errors.badRequest');
    expect(await errorMessage(new ApiError(9999, 502, 'x', null), t)).toBe('errors.generic');
    expect(await errorMessage(new TypeError('fetch failed'), t)).toBe('errors.network');
  });

  it('each payment code (7001–7007, 8001–8013, 80000–80014) reaches the shopper as its own message, in English and German', async () => {
    const codes = [...range(7001, 7007), ...range(8001, 8013), ...range(80000, 80014)];
    for (const [catalog, generic] of [
      [en.errors, en.errors.generic],
      [de.errors, de.errors.generic],
    ] as const) {
      const t = (key: string) => (catalog as Record<string, string>)[key.replace(/^errors\./, '')] ?? key;
      const messages = await Promise.all(codes.map((code) => errorMessage(new ApiError(code, 402, 'x', null), t)));
      for (const [i, message] of messages.entries()) {
        expect(message, String(codes[i])).not.toMatch(/^errors\./);
        expect(message, String(codes[i])).not.toBe(generic);
      }
      // Each code says something of its own (no two share a message).
      expect(new Set(messages).size).toBe(codes.length);
    }
  });
});
