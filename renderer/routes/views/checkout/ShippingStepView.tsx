import { getRouteApi } from '@tanstack/react-router';
import { useCheckoutStyle } from '../../../state/checkout-style';
import { stepAllowed, stepHref } from '../../../ui/checkout/steps';
import { CheckoutGate, GoTo } from './CheckoutGate';
import { ShippingStep } from './ShippingStep';

const checkoutShippingRoute = getRouteApi('/checkout/shipping');

/** `/checkout/shipping?token=`: reached only once the information is saved (else back to that step). */
export default function ShippingStepView() {
  const data = checkoutShippingRoute.useLoaderData();
  const style = useCheckoutStyle();
  return (
    <CheckoutGate data={data}>
      {({ checkout }) => {
        if (style !== 'multi-step') return <GoTo href={stepHref('information', checkout.token)} />;
        const back = stepAllowed('shipping', checkout);
        return back ? <GoTo href={stepHref(back, checkout.token)} /> : <ShippingStep />;
      }}
    </CheckoutGate>
  );
}
