// The methods whose shopper chooses a bank in the checkout before paying (the server's
// payment_methods.options.bankSelection: iDEAL, by the test bank or Airwallex), and the check made before paying with one.
import type { PaymentMethod } from '../../../../schemas/generated/api';
import type { FieldErrors } from '../checkout-form';
import type { MethodExtra } from './method-panel';

const BANK_SELECTION = new Set(['test-bank ideal', 'airwallex airwallex-ideal']);

export const choosesBank = (method: PaymentMethod | undefined): boolean =>
  method !== undefined && BANK_SELECTION.has(`${method.provider} ${method.code}`);

/** `/bank` is required when the method has a bank selection and none is chosen. */
export const bankProblems = (method: PaymentMethod | undefined, extra: MethodExtra): FieldErrors =>
  choosesBank(method) && !extra.bank ? { '/bank': 'required' } : {};
