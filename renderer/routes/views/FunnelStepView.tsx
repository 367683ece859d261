import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { trackFunnelStep } from '../../tracking/commerce-events';
import { ThemePage } from '../../page/ThemePage';
import { FunnelStepContext, funnelStepInfo } from '../../state/funnel-step';
import { PlacedOrder } from './ThankYouView';

const funnelRoute = getRouteApi('/funnel/$handle');

/** A funnel step: its page, told which funnel and step it is on (and the buyer's offer or orders). */
export default function FunnelStepView() {
  const data = funnelRoute.useLoaderData();
  const info = useMemo(() => funnelStepInfo(data), [data]);
  const placed = data.order && data.step.type === 'thank-you' ? data.order : null;
  useEffect(() => trackFunnelStep(info), [info.handle, info.pageId]); // oxlint-disable-line react-hooks/exhaustive-deps
  return (
    <FunnelStepContext.Provider value={info}>
      {placed ? <PlacedOrder order={placed} placedOn={data.placedOn} /> : null}
      {/* The order's "Thank you" is the step's one main heading. */}
      <ThemePage view={data.view} titled={!placed} />
    </FunnelStepContext.Provider>
  );
}
