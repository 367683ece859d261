// The test card's numbers (documented in docs/payments.md): 4242 4242 4242 4242 is approved; one number per
// decline code of spec section 8 (80000–80014) is declined with that code. Every number passes the Luhn
// check, so the checkout's own card rule accepts it and the decline comes from the "gateway".
import type { DeclineName } from '../../provider';

export const APPROVED_CARD = '4242424242424242';

/** Code 800NN, in order, by name. */
const DECLINES: readonly DeclineName[] = [
  'cardCannotProcess',
  'issuerRefused',
  'paymentFailed',
  'authenticationFailed',
  'temporaryAuthorizationError',
  'cannotProcessReview',
  'cardNotConfirmedContact',
  'insufficientFunds',
  'cardNotConfirmed',
  'cardNotConfirmedBank',
  'cardRestricted',
  'cardExpired',
  'invalidCvc',
  'invalidCardNumber',
  'cardNotActive',
];

/** The digit that makes `body` pass the Luhn check when appended. */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** 4000 0080 000N NNNc: the card declined with code 80000 + NNN. */
export const declinedCard = (index: number) => {
  const body = `40000080000${String(index).padStart(4, '0')}`;
  return body + luhnCheckDigit(body);
};

/** Every test number that is declined, with its code's name. */
export const DECLINED_CARDS: ReadonlyMap<string, DeclineName> = new Map([
  // The number most gateways use for a plain decline.
  ['4000000000000002', 'issuerRefused'],
  ...DECLINES.map((name, index) => [declinedCard(index), name] as const),
]);

/** The outcome a test number stands for: null when approved (any other valid number is approved too). */
export const testOutcome = (digits: string): DeclineName | null => DECLINED_CARDS.get(digits) ?? null;

/** The card's brand from its first digits. */
export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65)/.test(digits)) return 'discover';
  return 'card';
}

/** What else a test number can stand for than approved or declined. */
export type CardScenario = 'threeDs' | 'processing' | 'authorization' | 'addressCheck';

/**
 * The test numbers of the other outcomes of spec section 4 (documented in docs/payments.md):
 * 3-D Secure challenge, processing, waiting for the cardholder's authorization, and an address the issuer
 * cannot match (the shopper confirms it on /payment/confirmAddress).
 */
export const SCENARIO_CARDS: ReadonlyMap<string, CardScenario> = new Map([
  ['4000002760003184', 'threeDs'],
  ['4000002500000003', 'processing'],
  ['4000008260000000', 'authorization'],
  ['4000000000000010', 'addressCheck'],
]);

export const testScenario = (digits: string): CardScenario | null => SCENARIO_CARDS.get(digits) ?? null;
