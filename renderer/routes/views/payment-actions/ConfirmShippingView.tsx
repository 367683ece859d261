import { getRouteApi } from '@tanstack/react-router';
import { ConfirmShipping } from '../../../ui/payment-actions/PaymentActionPages';

const confirmShippingRoute = getRouteApi('/payment/confirmShipping');

export default function ConfirmShippingView() {
  return <ConfirmShipping data={confirmShippingRoute.useLoaderData()} />;
}
