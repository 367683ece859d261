import { useT } from '../i18n/use-t';
import type { Money as MoneyValue } from '../../schemas/generated/api';
import { Money } from './Money';

/** A price, with the compare-at price struck through when the product is on sale. */
export function Price({ price, compareAtPrice }: { price: MoneyValue; compareAtPrice: MoneyValue | null }) {
  const { t } = useT();
  if (!compareAtPrice) return <Money className="price" value={price} />;
  return (
    <span className="price price--sale">
      <span className="visually-hidden">{t('price.salePrice')}</span>
      <Money className="price__now" value={price} />
      <span className="visually-hidden">{t('price.regularPrice')}</span>
      <s className="price__was">
        <Money value={compareAtPrice} />
      </s>
    </span>
  );
}
