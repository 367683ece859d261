import { Loading } from '../Loading';
import { Deferred } from './Deferred';
import type { PaymentFieldsProps } from './PaymentFields';

const loadPaymentFields = () => import('./PaymentFields').then((m) => m.default);

/** The methods and the card fields, arriving after the page shows (the page's first load stays small). */
export function DeferredPaymentFields(props: PaymentFieldsProps) {
  return <Deferred load={loadPaymentFields} props={props} fallback={<Loading />} />;
}
