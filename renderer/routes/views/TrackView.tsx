import { getRouteApi } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DatedTracking } from '../../ui/order/dated';
import { TrackByOrderForm } from '../../ui/order/TrackByOrderForm';
import { TrackingDetails } from '../../ui/order/TrackingDetails';
import { TrackingForm } from '../../ui/order/TrackingForm';
import type { TrackData } from '../track-data';

const trackRoute = getRouteApi('/track');
const trackOrderRoute = getRouteApi('/track/$handle');

/**
 * `/track` and `/track?number=…`: the form, then the shipment (or why there is none); and the order
 * found by its number and email, for a shopper without a tracking number.
 */
export default function TrackView() {
  const data = trackRoute.useLoaderData();
  const [byOrder, setByOrder] = useState<DatedTracking | null>(null);
  return (
    <TrackPage data={byOrder ? { ...data, tracking: byOrder, problem: null } : data} withForm>
      <TrackByOrderForm onFound={setByOrder} />
    </TrackPage>
  );
}

/** `/track/{order token}`: the buyer's own order; the form only when the order is not found. */
export function TrackOrderView() {
  const data = trackOrderRoute.useLoaderData();
  return <TrackPage data={data} withForm={data.problem !== null} />;
}

export function TrackPage({ data, withForm, children }: { data: TrackData; withForm: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  const error =
    data.problem === 'required'
      ? t('tracking.required')
      : data.problem === 'notFound'
        ? data.number
          ? t('tracking.notFound', { number: data.number })
          : t('tracking.orderNotFound')
        : undefined;
  return (
    <section className="tracking" aria-labelledby="tracking-title">
      <h1 id="tracking-title">{t('tracking.title')}</h1>
      <p className="tracking__delay">{t('tracking.delay')}</p>
      {withForm && <TrackingForm number={data.number} error={error} />}
      {!withForm && error && <p role="alert">{error}</p>}
      {children}
      {data.tracking && <TrackingDetails tracking={data.tracking} />}
    </section>
  );
}
