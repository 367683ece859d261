import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { CartLine } from '../../../schemas/generated/api';
import { useMoney } from '../../i18n/use-money';
import { useTranslation } from 'react-i18next';
import { Money } from '../Money';
import { Price } from '../Price';
import { QuantityControl } from '../QuantityControl';
import { Thumbnail } from '../Thumbnail';

/** A line of the cart (the cart page and the one-page cart checkout): quantity, take it out, line total. */
export function CartLineItem({
  line,
  quantity,
  onQuantity,
  onRemove,
}: {
  line: CartLine;
  quantity: number;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const quantityId = useId();
  const edited = quantity !== line.quantity;
  return (
    <li className="cart__line">
      {line.image && <Thumbnail image={line.image} />}
      <div>
        <Link to="/products/$handle" params={{ handle: line.handle }} search={{ variant: line.skuId }}>
          {line.title}
        </Link>
        <p className="cart__options">{line.options.map((o) => `${o.name}: ${o.value}`).join(' · ')}</p>
        {!edited && line.discount.amount > 0 && (
          <p className="cart__line-saving">{t('cart.lineDiscount', { amount: money(line.discount) })}</p>
        )}
      </div>
      <div className="cart__line-actions">
        <label className="visually-hidden" htmlFor={quantityId}>
          {t('cart.quantityOf', { title: line.title })}
        </label>
        <QuantityControl id={quantityId} value={quantity} max={line.maxQuantity} onChange={onQuantity} />
        <button
          type="button"
          className="link-button"
          aria-label={t('cart.removeLabel', { title: line.title })}
          onClick={onRemove}
        >
          {t('cart.remove')}
        </button>
      </div>
      {edited ? (
        // A quantity on its way to the server: its full price until the server prices it.
        <Money
          className="cart__line-total"
          value={{ amount: line.unitPrice.amount * quantity, currencyCode: line.unitPrice.currencyCode }}
        />
      ) : (
        // What the line costs after its promotion, with its full price struck beside it.
        <Price
          className="cart__line-total"
          price={line.discountedTotal}
          compareAtPrice={line.discount.amount > 0 ? line.lineTotal : null}
        />
      )}
    </li>
  );
}
