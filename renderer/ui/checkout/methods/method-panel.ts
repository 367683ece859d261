// What a payment method's panel is given and adds to the payment request (its own module, so the
// panels' lazily loaded chunks do not import the table that loads them).
import type { PaymentMethod } from '../../../../schemas/generated/api';

/** What a method adds to the payment request. */
export interface MethodExtra {
  /** The bank chosen (GET /api/paymentStrategy/airwallexIdealBanks). */
  bank?: string;
}

export interface MethodPanelProps {
  method: PaymentMethod;
  extra: MethodExtra;
  setExtra: (extra: MethodExtra) => void;
  /** The checkout being paid (for a plan priced by the server). */
  checkoutToken: string;
}
