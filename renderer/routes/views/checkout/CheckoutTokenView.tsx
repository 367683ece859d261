import { getRouteApi } from '@tanstack/react-router';
import { useCheckoutStyle } from '../../../state/checkout-style';
import { furthestStep, stepHref } from '../../../ui/checkout/steps';
import { CheckoutGate, GoTo } from './CheckoutGate';
import { InformationStep } from './InformationStep';
import { OnePage } from '../../../ui/checkout/OnePage';

const checkoutRoute = getRouteApi('/checkout/$token');

/** `/checkout/$token`: the information step (multi-step), or the whole one-page form. */
export default function CheckoutTokenView() {
  const data = checkoutRoute.useLoaderData();
  const { actions } = checkoutRoute.useSearch();
  const style = useCheckoutStyle();
  return (
    <CheckoutGate data={data}>
      {({ checkout }) => {
        if (style !== 'multi-step') return <OnePage />;
        // `?actions=continue`: the furthest step whose earlier steps are complete.
        const furthest = furthestStep(checkout);
        if (actions === 'continue' && furthest !== 'information') return <GoTo href={stepHref(furthest, checkout.token)} />;
        return <InformationStep />;
      }}
    </CheckoutGate>
  );
}
