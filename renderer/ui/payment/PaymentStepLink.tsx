// "Try another card or payment method" / "Try again": back to where the checkout takes the payment, in
// the site's checkout style (multi-step: its payment step; one-page: the form; one-page cart: the cart's
// form). The checkout stays the order's: paying there again pays the same order.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useCheckoutStyle } from '../../state/checkout-style';
import { StepLink } from '../checkout/StepLink';

export function PaymentStepLink({
  checkoutToken,
  className,
  children,
}: {
  checkoutToken: string;
  className?: string;
  children: ReactNode;
}) {
  const style = useCheckoutStyle();
  if (style === 'one-page-cart')
    return (
      <Link to="/cart/checkout" search={{ token: checkoutToken }} className={className}>
        {children}
      </Link>
    );
  return (
    <StepLink step={style === 'multi-step' ? 'payment' : 'information'} token={checkoutToken} className={className}>
      {children}
    </StepLink>
  );
}
