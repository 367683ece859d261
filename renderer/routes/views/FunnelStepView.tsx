import { useMemo } from 'react';
import { ThemePage } from '../../page/ThemePage';
import { FunnelStepContext, funnelStepInfo } from '../../state/funnel-step';
import { funnelRoute } from '../funnel';
import { PlacedOrder } from './ThankYouView';

/** A funnel step: its page, told which funnel and step it is on (and the buyer's offer or orders). */
export default function FunnelStepView() {
  const data = funnelRoute.useLoaderData();
  const info = useMemo(() => funnelStepInfo(data), [data]);
  return (
    <FunnelStepContext.Provider value={info}>
      {data.order && data.step.type === 'thank-you' ? <PlacedOrder order={data.order} placedOn={data.placedOn} /> : null}
      <ThemePage view={data.view} />
    </FunnelStepContext.Provider>
  );
}
