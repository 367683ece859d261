import { useT } from '../../i18n/use-t';
import { TrackingDetails } from '../../ui/order/TrackingDetails';
import { TrackingForm } from '../../ui/order/TrackingForm';
import { trackOrderRoute, trackRoute, type TrackData } from '../track';

/** `/track` and `/track?number=…`: the form, then the shipment (or why there is none). */
export default function TrackView() {
  return <TrackPage data={trackRoute.useLoaderData()} withForm />;
}

/** `/track/{order token}`: the buyer's own order; the form only when the order is not found. */
export function TrackOrderView() {
  const data = trackOrderRoute.useLoaderData();
  return <TrackPage data={data} withForm={data.problem !== null} />;
}

export function TrackPage({ data, withForm }: { data: TrackData; withForm: boolean }) {
  const { t } = useT();
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
      {data.tracking && <TrackingDetails tracking={data.tracking} />}
    </section>
  );
}
