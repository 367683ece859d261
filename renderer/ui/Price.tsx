import type { Money as MoneyValue } from '../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { Money } from './Money';

/** A price, with the compare-at price struck through and the discount when the product is on sale. */
export function Price({
  price,
  compareAtPrice,
  discountPercent,
  className = '',
}: {
  price: MoneyValue;
  compareAtPrice: MoneyValue | null;
  discountPercent?: number | null;
  className?: string;
}) {
  const { t } = useTranslation();
  const classes = (...names: string[]) => [...names, className].filter(Boolean).join(' ');
  if (!compareAtPrice) return <Money className={classes('price')} value={price} />;
  return (
    <span className={classes('price', 'price--sale')}>
      <span className="visually-hidden">{t('price.salePrice')}</span>
      <Money className="price__now" value={price} />
      <span className="visually-hidden">{t('price.regularPrice')}</span>
      <s className="price__was">
        <Money value={compareAtPrice} />
      </s>
      {discountPercent ? <span className="price__off">{t('price.percentOff', { percent: discountPercent })}</span> : null}
    </span>
  );
}
