import { getRouteApi } from '@tanstack/react-router';
import { ReplenishAddress } from '../../../ui/payment-actions/PaymentActionPages';

const replenishAddressRoute = getRouteApi('/payment/replenishAddress');

export default function ReplenishAddressView() {
  return <ReplenishAddress data={replenishAddressRoute.useLoaderData()} />;
}
