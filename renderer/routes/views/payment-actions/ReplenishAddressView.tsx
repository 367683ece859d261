import { ReplenishAddress } from '../../../ui/payment-actions/PaymentActionPages';
import { replenishAddressRoute } from '../../payment-actions';

export default function ReplenishAddressView() {
  return <ReplenishAddress data={replenishAddressRoute.useLoaderData()} />;
}
