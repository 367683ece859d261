// The one table of error codes (schemas/error-codes.json) holds every code of spec section 8, and the
// renderer words each of them, and each reason a refusal names, in the visitor's language.
import { describe, expect, it } from 'vitest';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { errorCodes, errorStatus, type ErrorName } from '../../schemas/generated/error-codes';
import { PROBLEM_MESSAGES, type CouponProblem } from '../../schemas/checkout-rules';
import { couponRefused } from '../../server/commerce/cart/coupons';
import { ShopError } from '../../server/commerce/errors';
import { FIELD_PROBLEMS } from '../ui/checkout/checkout-form';
import { ApiError } from './api-error';
import { errorMessage, errorName } from './error-message';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** Spec section 8, as written there. */
const SPEC_CODES = [...range(8001, 8013), ...range(7001, 7007), ...range(5001, 5012), 50014, 50021, ...range(80000, 80014)];
/**
 * The customer accounts' own codes (issue 25): the spec words their messages (section 8: login errors,
 * activation link invalid…) but gives them no codes, so they take the 60xx range (docs/accounts.md).
 */
const ACCOUNT_CODES = [...range(6001, 6005), 6007, ...range(6010, 6013), 6020];
/**
 * The site modes' own codes (issue 26), beside the spec's 50021: closed, the password gate's (required,
 * wrong, too many tries) and "Failed to fetch data" when the gate cannot be checked (docs/site-modes.md).
 */
const SITE_MODE_CODES = range(50022, 50026);
/** The maps calls' own codes (issue 27): maps off, and the day's lookups used up (docs/tracking.md#maps). */
const MAPS_CODES = [50035, 50036];

describe('error codes', () => {
  it("are every code of spec section 8, once each, beside the generic HTTP ones, the accounts', the site modes' and the maps' own", () => {
    const codes = Object.values(errorCodes);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.filter((c) => c >= 1000).sort((a, b) => a - b)).toEqual(
      [...SPEC_CODES, ...ACCOUNT_CODES, ...SITE_MODE_CODES, ...MAPS_CODES].sort((a, b) => a - b),
    );
    expect(codes.filter((c) => c < 1000).sort()).toEqual([400, 401, 403, 404, 409, 413, 415, 500]);
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
    // A 4xx the renderer cannot name is told in the server's own words; without a body, generically.
    expect(await errorMessage(new ApiError(9999, 400, 'x', null), t)).toBe('x');
    expect(await errorMessage(new ApiError(400, 400, 'no body', null, false), t)).toBe('errors.badRequest');
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

// The whole table as the server sends it: every code of schemas/error-codes.json and every reason a
// refusal names (`data.errors[].rule`), each told in its own words in English and German, beside the
// generic line never. A reason the server can name but the browser cannot word fails here.
describe('every error of the table reaches the shopper in its own words', () => {
  const catalogs = { en, de } as const;
  const translator = (catalog: Record<string, unknown>) => (key: string, options?: Record<string, string | number>) => {
    const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);
    if (typeof text !== 'string') return key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? `{{${name}}}`));
  };
  /** The error as the browser receives it from the server's envelope (api/envelope.ts). */
  const received = (error: ShopError) => new ApiError(error.code, errorStatus[error.error], error.message, error.data);

  for (const [language, catalog] of Object.entries(catalogs)) {
    const t = translator(catalog);
    const generic = [catalog.errors.generic, catalog.errors.badRequest];

    it(`words each code of the table by its name (${language})`, async () => {
      for (const name of Object.keys(errorCodes) as ErrorName[]) {
        const message = await errorMessage(received(new ShopError(name, `the server's words for ${name}`)), t);
        if (name === 'badRequest') expect(message).toBe(`the server's words for badRequest`);
        else if (name !== 'internal') {
          expect(message, name).toBe(t(`errors.${name}`));
          expect(generic, name).not.toContain(message);
        }
      }
    });

    it(`words each reason a refusal names, whatever its code, beside never the generic line (${language})`, async () => {
      for (const problem of FIELD_PROBLEMS) {
        for (const name of ['badRequest', 'incompleteInformation', 'promotionConditionsNotMet'] as const) {
          const error = received(
            new ShopError(name, 'x', { errors: [{ path: '/somewhere', message: 'the server’s words', rule: problem }] }),
          );
          const message = await errorMessage(error, t);
          expect(message, `${problem} (${name})`).toBe(t(`checkout.validation.${problem}`));
          expect(message, problem).not.toMatch(/^(checkout|errors)\./);
          expect(generic, problem).not.toContain(message);
        }
      }
    });

    it(`words each refusal of a discount code as the server makes it (${language})`, async () => {
      const messages = new Set<string>();
      for (const problem of Object.keys(PROBLEM_MESSAGES).filter(
        (p) => p.startsWith('coupon') && p !== 'couponRequired',
      ) as CouponProblem[]) {
        if (problem === ('couponRequired' as string)) continue;
        const message = await errorMessage(received(couponRefused(problem)), t);
        expect(message, problem).toBe(t(`checkout.validation.${problem}`));
        messages.add(message);
      }
      // Each reason says something of its own: an expired code is not "enter a valid discount code".
      expect(messages.size).toBe(6);
      expect(await errorMessage(received(couponRefused('couponExpired')), t)).not.toBe(t('checkout.validation.couponInvalid'));
      // The minimum spend names its amount when the caller can format money.
      const minimum = new ApiError(5005, 409, 'x', {
        minSpend: { amount: 5000, currencyCode: 'USD' },
        errors: [{ path: '/code', message: PROBLEM_MESSAGES.couponMinSpend, rule: 'couponMinSpend' }],
      });
      expect(await errorMessage(minimum, t, (m) => `$${m.amount / 100}`)).toBe(t('errors.couponMinSpend', { amount: '$50' }));
      expect(await errorMessage(minimum, t, (m) => `$${m.amount / 100}`)).toContain('$50');
    });
  }

  it('the browser words every reason the server can name (schemas/checkout-rules.ts)', () => {
    expect(Object.keys(PROBLEM_MESSAGES).filter((p) => !(FIELD_PROBLEMS as readonly string[]).includes(p))).toEqual([]);
  });
});
