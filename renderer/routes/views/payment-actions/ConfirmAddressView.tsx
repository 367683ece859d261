import { getRouteApi } from '@tanstack/react-router';
import { ConfirmAddress } from '../../../ui/payment-actions/PaymentActionPages';

const confirmAddressRoute = getRouteApi('/payment/confirmAddress');

export default function ConfirmAddressView() {
  return <ConfirmAddress data={confirmAddressRoute.useLoaderData()} />;
}
