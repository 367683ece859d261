import type { OrderLine } from '../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { Money } from '../Money';
import { Thumbnail } from '../Thumbnail';

/** Where an order line's image file is served (the product's own picture, resized on request). */
export const orderImageSrc = (file: string) => `/media/${encodeURIComponent(file)}`;

/** An order's lines: picture, title, options, quantity and what the line cost. */
export function OrderLines({ lines }: { lines: OrderLine[] }) {
  const { t } = useTranslation();
  return (
    <ul className="order__lines">
      {lines.map((line, i) => (
        <li key={`${line.skuId}-${i}`} className="order__line">
          {line.image ? <Thumbnail image={{ src: orderImageSrc(line.image) }} /> : <span className="order__no-image" />}
          <div className="order__line-text">
            <p className="order__line-title">{line.title}</p>
            {line.variant && <p className="order__line-options">{line.variant}</p>}
            <p className="order__line-quantity">{t('order.quantity', { quantity: line.quantity })}</p>
          </div>
          <Money className="order__line-total" value={line.lineTotal} />
        </li>
      ))}
    </ul>
  );
}
