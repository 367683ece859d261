import { getRouteApi } from '@tanstack/react-router';
import { useCheckoutStyle } from '../../../state/checkout-style';
import { stepAllowed, stepHref } from '../../../ui/checkout/steps';
import { CheckoutGate, GoTo } from './CheckoutGate';
import { PaymentStep } from './PaymentStep';

const checkoutPaymentRoute = getRouteApi('/checkout/payment');

/** `/checkout/payment?token=`: reached only once the information and the way of shipping are saved. */
export default function PaymentStepView() {
  const data = checkoutPaymentRoute.useLoaderData();
  const style = useCheckoutStyle();
  return (
    <CheckoutGate data={data}>
      {({ checkout }) => {
        if (style !== 'multi-step') return <GoTo href={stepHref('information', checkout.token)} />;
        const back = stepAllowed('payment', checkout);
        return back ? <GoTo href={stepHref(back, checkout.token)} /> : <PaymentStep />;
      }}
    </CheckoutGate>
  );
}
