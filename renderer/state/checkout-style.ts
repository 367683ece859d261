// The checkout style of the site (spec section 2: extDataMap.checkoutType; multi-step by default).
import type { CheckoutStyle } from './checkout-store';
import { useSite } from './site-context';

const STYLES: readonly CheckoutStyle[] = ['multi-step', 'one-page', 'one-page-cart'];

export const checkoutStyleOf = (value: string | undefined): CheckoutStyle =>
  STYLES.includes(value as CheckoutStyle) ? (value as CheckoutStyle) : 'multi-step';

export const useCheckoutStyle = (): CheckoutStyle => checkoutStyleOf(useSite().site.extDataMap.checkoutType);
