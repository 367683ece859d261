import { ConfirmShipping } from '../../../ui/payment-actions/PaymentActionPages';
import { confirmShippingRoute } from '../../payment-actions';

export default function ConfirmShippingView() {
  return <ConfirmShipping data={confirmShippingRoute.useLoaderData()} />;
}
