import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocalized } from '../../renderer/i18n/use-localized';
import { useTranslation } from 'react-i18next';
import { useFunnelStep } from '../../renderer/state/funnel-step';
import { setBump, useBumpSlot } from '../../renderer/state/order-bump';
import { Price } from '../../renderer/ui/Price';
import { Thumbnail } from '../../renderer/ui/Thumbnail';
import type { BlockProps, SettingsOf } from '../types';
import type { BumpData } from './load';
import './order-bump.css';

/**
 * An order bump: one more product added to the funnel's checkout with a tick. The funnel-checkout block
 * on the same page adds the line and the order summary shows it priced by the server. Placed
 * `beforePay`, it is drawn inside the checkout form above "Complete order" once the form is there.
 */
export default function OrderBump({ id: blockId, settings, data }: BlockProps<SettingsOf<'order-bump'>, BumpData>) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const id = `${blockId}-bump`;
  const [on, setOn] = useState(false);
  const skuId = data?.skuId ?? null;
  const slot = useBumpSlot();
  const step = useFunnelStep();
  const inForm = settings.placement === 'beforePay' && step?.type === 'checkout';
  useEffect(() => {
    if (skuId !== null) setBump(skuId, on);
  }, [skuId, on]);
  useEffect(() => () => void (skuId !== null && setBump(skuId, false)), [skuId]);
  if (!data || skuId === null || !data.price) return null;
  const offer = (
    <section className={`order-bump${on ? ' order-bump--on' : ''}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{localized(settings.heading) || t('blocks.order-bump.title')}</h2>
      <div className="order-bump__offer">
        <input id={id} type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} />
        <label htmlFor={id}>
          {data.image ? <Thumbnail image={data.image} /> : null}
          <span>
            {t('blocks.order-bump.add', { title: data.title })} <Price price={data.price} compareAtPrice={data.compareAtPrice} />
          </span>
        </label>
      </div>
      {settings.text ? <p className="order-bump__text">{localized(settings.text)}</p> : null}
    </section>
  );
  if (!inForm) return offer;
  return slot ? createPortal(offer, slot) : null;
}
