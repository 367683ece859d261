import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { ThemePage } from '../../page/ThemePage';
import { FunnelStepContext, type FunnelStepInfo } from '../../state/funnel-step';

const upsellRoute = getRouteApi('/checkout/upsell');
const downsellRoute = getRouteApi('/checkout/downsell');

type Shown = ReturnType<typeof upsellRoute.useLoaderData>;

/** The offer after the shop's checkout on its page: the page's offer block is told the buyer's offer. */
function ShownShopOffer({ data }: { data: Shown }) {
  const info = useMemo<FunnelStepInfo>(
    () => ({ handle: 'checkout', pageId: data.type, type: data.type, offer: data.offer }),
    [data.type, data.offer],
  );
  return (
    <FunnelStepContext.Provider value={info}>
      <ThemePage view={data.view} titled />
    </FunnelStepContext.Provider>
  );
}

export function UpsellView() {
  return <ShownShopOffer data={upsellRoute.useLoaderData()} />;
}

export function DownsellView() {
  return <ShownShopOffer data={downsellRoute.useLoaderData()} />;
}
