import type { Checkout, PaymentMethod } from '../../../schemas/generated/api';

export interface ExpressCheckoutProps {
  /** The EXPRESS methods of the payment-method list, one button each. */
  methods: PaymentMethod[];
  /** The checkout the wallet pays: a buy-now one of the product page, the cart's, or the checkout's own. */
  checkout: () => Promise<string>;
  disabled?: boolean;
  /** Told of the checkout as the wallet's address priced it (the checkout page shows it too). */
  onPriced?: (checkout: Checkout) => void;
}
