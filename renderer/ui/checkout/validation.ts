// The checks of the checkout form: the rules of spec section 5 (schemas/checkout-rules.ts, the same the
// server applies). Loaded after the page shows (loadValidation), not with it: nothing is checked before
// the shopper types, and the page's first load stays small.
import * as rules from '../../../schemas/checkout-rules';
import type { CheckoutAddress, CheckoutUpdate, Country } from '../../../schemas/generated/api';
import {
  ADDRESS_FIELDS,
  type AddressKind,
  type CardFields,
  type CheckoutForm,
  type FieldErrors,
  type FieldProblem,
  isFieldProblem,
} from './checkout-form';

/** Checks one field of an address; `provinces` is false when the country has none. */
export function addressFieldProblem(
  field: keyof CheckoutAddress,
  address: CheckoutAddress,
  countries: Country[],
): FieldProblem | null {
  const country = countries.find((c) => c.code === address.country);
  switch (field) {
    case 'country':
      return rules.required(address.country) ?? (country ? null : 'unsupportedCountry');
    case 'firstName':
    case 'lastName':
    case 'city':
      return rules.required(address[field]);
    case 'address1':
      return rules.addressLine(address.address1);
    case 'address2':
      return null;
    case 'province':
      return country?.hasProvinces ? rules.required(address.province) : null;
    case 'zip':
      return country ? rules.zip(address.zip, country) : null;
    case 'phone':
      return rules.phone(address.phone);
  }
}

export function addressProblems(kind: AddressKind, address: CheckoutAddress, countries: Country[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ADDRESS_FIELDS) {
    const problem = addressFieldProblem(field, address, countries);
    if (problem) errors[`/${kind}/${field}`] = problem;
  }
  return errors;
}

export function contactProblems(form: CheckoutForm): FieldErrors {
  const problem = rules.email(form.email);
  return problem ? { '/email': problem } : {};
}

export function cardProblems(card: CardFields, now = new Date()): FieldErrors {
  const errors: FieldErrors = {};
  const number = rules.cardNumber(card.number);
  const expiry = rules.cardExpiry(card.expiry, now);
  const cvc = rules.cardCvc(card.cvc);
  const name = rules.required(card.name);
  if (number) errors['/card/number'] = number;
  if (expiry) errors['/card/expiry'] = expiry;
  if (cvc) errors['/card/cvc'] = cvc;
  if (name) errors['/card/name'] = name;
  return errors;
}

/** The problem of one field of the form, by its path (null: fine, or not a field the browser checks). */
export function fieldProblem(path: string, form: CheckoutForm, countries: Country[]): FieldProblem | null {
  if (path === '/email') return rules.email(form.email);
  const [, kind, field] = path.split('/');
  if ((kind === 'shippingAddress' || kind === 'billingAddress') && field)
    return addressFieldProblem(field as keyof CheckoutAddress, form[kind], countries);
  return null;
}

/** The contact and shipping address problems of the form (the information step, or part of one page). */
export const informationProblems = (form: CheckoutForm, countries: Country[]): FieldErrors => ({
  ...contactProblems(form),
  ...addressProblems('shippingAddress', form.shippingAddress, countries),
});

export const billingProblems = (form: CheckoutForm, countries: Country[]): FieldErrors =>
  form.asShippingAddress ? {} : addressProblems('billingAddress', form.billingAddress, countries);

export const couponProblem = (code: string): FieldProblem | null => rules.coupon(code);

/**
 * The field errors of a 400 (`data.errors: [{ path, message, rule }]`). Card fields come back from the
 * provider as `/number`…, so `prefix` puts them under `/card`. A refusal naming no rule the renderer
 * words is told by its message (the coupon's) or as a required field.
 */
export function serverFieldErrors(data: unknown, prefix = ''): FieldErrors {
  const list = (data as { errors?: unknown } | null)?.errors;
  const errors: FieldErrors = {};
  if (!Array.isArray(list)) return errors;
  for (const item of list as { path?: unknown; rule?: unknown; message?: unknown }[]) {
    if (typeof item?.path !== 'string') continue;
    const path = `${prefix}${item.path}`;
    if (isFieldProblem(item.rule)) errors[path] = item.rule;
    else if (item.path === '/code')
      errors[path] = item.message === 'please enter the coupon' ? 'couponRequired' : 'couponInvalid';
    else errors[path] = 'required';
  }
  return errors;
}

/** What the one-page checkout sends at once (billing only when it differs from shipping). */
export function fullUpdate(token: string, form: CheckoutForm): CheckoutUpdate {
  return {
    token,
    email: form.email.trim(),
    acceptsMarketing: form.acceptsMarketing,
    shippingAddress: form.shippingAddress,
    asShippingAddress: form.asShippingAddress,
    ...(form.asShippingAddress ? {} : { billingAddress: form.billingAddress }),
    ...(form.shippingTemplateId !== null ? { shippingTemplateId: form.shippingTemplateId } : {}),
    insurance: form.insurance,
    tip: form.tip,
  };
}

/** Paths in the order the page shows them, so the summary lists and focuses the first one on screen. */
export function orderedPaths(errors: FieldErrors): string[] {
  const order = [
    '/email',
    ...ADDRESS_FIELDS.map((f) => `/shippingAddress/${f}`),
    '/shippingTemplateId',
    '/insurance',
    '/tip',
    ...ADDRESS_FIELDS.map((f) => `/billingAddress/${f}`),
    '/card/number',
    '/card/expiry',
    '/card/cvc',
    '/card/name',
  ];
  const rank = (path: string) => {
    const i = order.indexOf(path);
    return i === -1 ? order.length : i;
  };
  return Object.keys(errors).sort((a, b) => rank(a) - rank(b));
}
