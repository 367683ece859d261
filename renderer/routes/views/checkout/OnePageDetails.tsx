import { useCheckout } from '../../../state/checkout-store';
import { BillingSection } from '../../../ui/checkout/BillingSection';
import { ShippingSection } from '../../../ui/checkout/ShippingSection';

/** The one-page form's middle: the way of shipping (once the address is saved), insurance and tip, billing. */
export default function OnePageDetails() {
  const { checkout } = useCheckout();
  return (
    <>
      <ShippingSection ready={Boolean(checkout.shippingAddress)} />
      <BillingSection />
    </>
  );
}
