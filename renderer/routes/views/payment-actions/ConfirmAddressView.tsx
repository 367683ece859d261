import { ConfirmAddress } from '../../../ui/payment-actions/PaymentActionPages';
import { confirmAddressRoute } from '../../payment-actions';

export default function ConfirmAddressView() {
  return <ConfirmAddress data={confirmAddressRoute.useLoaderData()} />;
}
