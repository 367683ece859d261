// The validation rules of spec section 5, written once for the checkout form in the browser and for the
// server that checks the same fields again: each rule answers null (fine) or the name of the problem,
// which the renderer words in the visitor's language (`validation.<problem>`) and the server names in its
// 400 (`{ path, message, rule }`). Pure, no dependencies: it ships to the browser.

export type Problem =
  | 'required'
  | 'email'
  | 'phone'
  | 'addressInvalid'
  | 'zip'
  | 'length'
  | 'cardNumber'
  | 'cardExpiry'
  | 'cardCvc'
  | 'tipTooHigh'
  | 'couponRequired'
  | CouponProblem;

/**
 * Why a discount code cannot be used (the server decides: it knows the codes, their dates, their uses
 * and which emails used them). Each is its own message, so the shopper learns what to do: an expired
 * code is not a typo, and a code used once per customer may still be fine for another email.
 */
export type CouponProblem =
  | 'couponInvalid'
  | 'couponNotStarted'
  | 'couponExpired'
  | 'couponUsedUp'
  | 'couponOncePerEmail'
  | 'couponMinSpend';

/** The server's words for each problem in its 400s (the form words them in the visitor's language). */
export const PROBLEM_MESSAGES: Record<Problem, string> = {
  required: 'is required',
  email: 'must be a correct email address',
  phone: 'must be a correct phone number',
  addressInvalid: 'enter correct address and house number',
  zip: 'must be a valid zip code',
  length: 'has the wrong length',
  cardNumber: 'card number must be valid',
  cardExpiry: 'expiry date must be valid',
  cardCvc: 'security code must be valid',
  tipTooHigh: 'is more than the tip allowed',
  couponRequired: 'please enter the coupon',
  couponInvalid: 'enter a valid discount code',
  couponNotStarted: 'this discount code cannot be used yet',
  couponExpired: 'this discount code has expired',
  couponUsedUp: 'this discount code has been used up',
  couponOncePerEmail: 'this discount code can be used once per customer and was already used with this email',
  couponMinSpend: 'this discount code needs a higher order total',
};

const filled = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** Required fields: country, first name, last name, address, city, state, zip (apartment optional). */
export const required = (value: string | null | undefined): Problem | null => (filled(value) ? null : 'required');

/** Letters, digits, dot, underscore, hyphen, then @, a domain, a dot and at least 2 letters. */
const EMAIL = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const email = (value: string | null | undefined): Problem | null =>
  !filled(value) ? 'required' : EMAIL.test(value.trim()) ? null : 'email';

/**
 * An optional country prefix of 1–4 digits (with or without +), then groups of digits separated by
 * spaces or hyphens, at most 14 digits after the prefix (and at least 6: shorter is no phone number).
 */
const PHONE = /^(?:\+?\d{1,4}[\s-]?)?\(?\d+\)?(?:[\s-]?\d+)*$/;
export function phone(value: string | null | undefined): Problem | null {
  if (!filled(value)) return 'required';
  const text = value.trim();
  if (!PHONE.test(text)) return 'phone';
  const digits = text.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 18 ? null : 'phone';
}

/** The separate check of the spec: digits and spaces only. */
export const digitsAndSpaces = (value: string) => /^[\d ]+$/.test(value);

/**
 * An address line is invalid when, once spaces and punctuation are removed, it is all digits (ASCII
 * or full-width): "12 34" or "１２３" names no street.
 */
export function addressLine(value: string | null | undefined): Problem | null {
  if (!filled(value)) return 'required';
  const bare = value.replace(/[\s\p{P}\p{S}]/gu, '');
  return bare === '' || /^[0-9０-９]+$/.test(bare) ? 'addressInvalid' : null;
}

/** A postcode in the country's form (a pattern from the country list; none: anything up to 20 characters). */
export function zip(
  value: string | null | undefined,
  country: { zip?: { required?: boolean; pattern?: string } },
): Problem | null {
  if (!filled(value)) return country.zip?.required === false ? null : 'required';
  const pattern = country.zip?.pattern;
  return (pattern ? new RegExp(pattern, 'i').test(value.trim()) : value.trim().length <= 20) ? null : 'zip';
}

/** Between `min` and `max` characters (or at least `min`). */
export const length = (value: string, min: number, max?: number): Problem | null =>
  value.length >= min && (max === undefined || value.length <= max) ? null : 'length';

/** Spec's helper checks. */
export const numericOnly = (value: string) => /^\d+$/.test(value);
export const latinLettersOnly = (value: string) => /^[A-Za-z]+$/.test(value);
export const lettersAndDigits = (value: string) => /\p{L}/u.test(value) && /\d/.test(value);

/** A card number: 12–19 digits (spaces and hyphens allowed between them) that pass the Luhn check. */
export function cardNumber(value: string | null | undefined): Problem | null {
  if (!filled(value)) return 'required';
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return 'cardNumber';
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0 ? null : 'cardNumber';
}

/** An expiry date MM/YY (or MM/YYYY) not before the month of `now`. */
export function cardExpiry(value: string | null | undefined, now = new Date()): Problem | null {
  if (!filled(value)) return 'required';
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return 'cardExpiry';
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return 'cardExpiry';
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const expires = year * 12 + (month - 1);
  return expires >= thisMonth && expires <= thisMonth + 20 * 12 ? null : 'cardExpiry';
}

/** A security code: 3 digits, or 4 (American Express). */
export const cardCvc = (value: string | null | undefined): Problem | null =>
  !filled(value) ? 'required' : /^\d{3,4}$/.test(value.trim()) ? null : 'cardCvc';

/** A tip is at least 0 and not above the shop's maximum (minor units). */
export const tip = (amount: number, max: number): Problem | null => (amount >= 0 && amount <= max ? null : 'tipTooHigh');

/** A discount code must be given ("please enter the coupon"). */
export const coupon = (value: string | null | undefined): Problem | null => (filled(value) ? null : 'couponRequired');
