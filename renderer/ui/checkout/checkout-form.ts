// What the checkout form holds, and its problems keyed by the JSON pointer the server names in its 400
// (`/shippingAddress/zip`), so a problem found in the browser (validation.ts) and one answered by the
// server land on the same field.
import type { Problem } from '../../../schemas/checkout-rules';
import type { Checkout, CheckoutAddress, Country } from '../../../schemas/generated/api';
import { offeredCountry } from '../../i18n/visitor-country';

/** A problem's name: a rule of checkout-rules.ts, or one only the server can tell. */
export type FieldProblem = Problem | 'unsupportedCountry' | 'notOffered' | 'shipping';

/**
 * Every problem the renderer words (`checkout.validation.<problem>`), so a server's refusal naming one
 * (`data.errors[].rule`) is told in the shopper's language in its own words, never as a generic line.
 */
export const FIELD_PROBLEMS = [
  'required',
  'email',
  'phone',
  'addressInvalid',
  'zip',
  'length',
  'cardNumber',
  'cardExpiry',
  'cardCvc',
  'tipTooHigh',
  'couponRequired',
  'couponInvalid',
  'couponNotStarted',
  'couponExpired',
  'couponUsedUp',
  'couponOncePerEmail',
  'couponMinSpend',
  'unsupportedCountry',
  'notOffered',
  'shipping',
] as const satisfies readonly FieldProblem[];

// Compiles only while the list names every problem.
const everyProblemListed: Exclude<FieldProblem, (typeof FIELD_PROBLEMS)[number]> extends never ? true : never = true;
void everyProblemListed;

export const isFieldProblem = (rule: unknown): rule is FieldProblem =>
  typeof rule === 'string' && (FIELD_PROBLEMS as readonly string[]).includes(rule);

/** Field path (JSON pointer of the update body, `/card/…` for the card) -> its problem. */
export type FieldErrors = Record<string, FieldProblem>;

export interface CheckoutForm {
  email: string;
  acceptsMarketing: boolean;
  /** Keep contact and address on this device for the next checkout. */
  saveInfo: boolean;
  shippingAddress: CheckoutAddress;
  asShippingAddress: boolean;
  billingAddress: CheckoutAddress;
  shippingTemplateId: number | null;
  insurance: boolean;
  /** Base currency minor units, as the API keeps it. */
  tip: number;
}

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'country',
  'province',
  'city',
  'address1',
  'address2',
  'zip',
  'phone',
] as const satisfies readonly (keyof CheckoutAddress)[];

export const emptyAddress = (country = ''): CheckoutAddress => ({
  firstName: '',
  lastName: '',
  country,
  province: '',
  city: '',
  address1: '',
  address2: '',
  zip: '',
  phone: '',
});

export const emptyCard = (): CardFields => ({ number: '', expiry: '', cvc: '', name: '' });

/**
 * The form as the checkout was saved (spec defaults: acceptsMarketing off, billing same as shipping); an
 * address not saved yet starts in the visitor's country (renderer/i18n/visitor-country.ts) when the shop
 * ships there, else with none chosen: never the first of the list.
 */
export function formFromCheckout(checkout: Checkout, countries: Country[], visitor = ''): CheckoutForm {
  const firstCountry = offeredCountry(visitor, countries);
  return {
    email: checkout.email ?? '',
    acceptsMarketing: checkout.acceptsMarketing,
    saveInfo: false,
    shippingAddress: checkout.shippingAddress ?? emptyAddress(firstCountry),
    asShippingAddress: checkout.asShippingAddress,
    billingAddress: checkout.billingAddress ?? emptyAddress(firstCountry),
    shippingTemplateId: checkout.shippingTemplateId,
    insurance: checkout.insurance,
    tip: checkout.tip,
  };
}

export type AddressKind = 'shippingAddress' | 'billingAddress';

/** The DOM id of a field, from its path: `/shippingAddress/zip` -> `checkout-shippingAddress-zip`. */
export const fieldId = (path: string) => `checkout${path.replace(/\//g, '-')}`;
