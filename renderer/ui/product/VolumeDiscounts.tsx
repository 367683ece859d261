import type { Promotion } from '../../../schemas/generated/api';
import { useMoney } from '../../i18n/use-money';
import { useTranslation } from 'react-i18next';

/** Spec: the volume-discount table (minimum quantity, order price, discount). */
export function VolumeDiscounts({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation();
  const money = useMoney();
  const tiers = promotion.tiers.filter((tier) => tier.minQuantity && tier.unitPrice && tier.percentOff);
  if (!tiers.length) return null;
  return (
    <section className="volume" aria-labelledby={`volume-${promotion.id}`}>
      <h2 id={`volume-${promotion.id}`} className="product__section-title">
        {promotion.title}
      </h2>
      <table className="volume__table">
        <thead>
          <tr>
            <th scope="col">{t('product.volume.minimum')}</th>
            <th scope="col">{t('product.volume.orderPrice')}</th>
            <th scope="col">{t('product.volume.discount')}</th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier) => (
            <tr key={tier.minQuantity}>
              <td>{t('product.volume.atLeast', { count: tier.minQuantity! })}</td>
              <td>
                {money({ amount: tier.unitPrice!.amount * tier.minQuantity!, currencyCode: tier.unitPrice!.currencyCode })}{' '}
                <span className="volume__each">({t('product.volume.each', { price: money(tier.unitPrice!) })})</span>
              </td>
              <td>{t('price.percentOff', { percent: tier.percentOff! })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
