import { getRouteApi } from '@tanstack/react-router';
import { CanceledResult } from './CanceledResult';
import { FailedResult } from './FailedResult';
import { InformationPage } from './InformationPage';
import { WaitingResult } from './WaitingResult';

const paymentRoute = getRouteApi('/payment/$handle');

/** `/payment/{handle}?order=`: the page of the payment's state (see routes/payment.tsx). */
export default function PaymentView() {
  const data = paymentRoute.useLoaderData();
  switch (data.kind) {
    case 'information':
      return <InformationPage order={data.order} summary={data.summary} />;
    case 'failed':
      return <FailedResult status={data.status} failureKey={data.failureKey} />;
    case 'canceled':
      return <CanceledResult status={data.status} />;
    default:
      return (
        <WaitingResult page={data.kind} order={data.order} initial={data.status} payBy={data.payBy} summary={data.summary} />
      );
  }
}
