import { Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { Promotion } from '../../../schemas/generated/api';
import { errorMessage } from '../../api/error-message';
import { useTranslation } from 'react-i18next';
import { useShopActions } from '../../state/shop-state';
import { showCartPopup } from '../cart-popup/cart-popup-store';
import { Price } from '../Price';
import { Thumbnail } from '../Thumbnail';

/** A bundle offer: its products, their price together, and "add all" to the cart. */
export function Bundle({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation();
  const { api } = useRouter().options.context;
  const { setCartQuantity, toast } = useShopActions();
  const [busy, setBusy] = useState(false);
  const items = promotion.products;
  const ready = items.length > 1 && items.every((p) => p.available && p.skuId !== null);

  async function addAll() {
    const opener = document.activeElement;
    setBusy(true);
    try {
      const added = items.map((item) => ({ skuId: item.skuId!, quantity: 1 }));
      const { quantity } = await api.cart.addAll(added);
      setCartQuantity(quantity);
      showCartPopup(added, (tr) => tr('product.bundle.added', { count: items.length }), opener);
    } catch (error) {
      toast(await errorMessage(error, t), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="bundle" aria-labelledby={`bundle-${promotion.id}`}>
      <h2 id={`bundle-${promotion.id}`} className="product__section-title">
        {promotion.title}
      </h2>
      {promotion.description && <p className="bundle__description">{promotion.description}</p>}
      <ul className="bundle__items">
        {items.map((item) => (
          <li key={item.id} className="bundle__item">
            <Link to="/products/$handle" params={{ handle: item.handle }} className="bundle__link">
              {item.image && <Thumbnail image={item.image} />}
              <span>{item.title}</span>
            </Link>
            <Price price={item.price} compareAtPrice={null} />
          </li>
        ))}
      </ul>
      <div className="bundle__total">
        <span>{t('product.bundle.together')}</span>
        {promotion.bundlePrice && (
          <Price
            price={promotion.bundlePrice}
            compareAtPrice={promotion.bundleCompareAtPrice ?? null}
            discountPercent={promotion.percentOff ?? null}
          />
        )}
      </div>
      <button type="button" className="button" disabled={!ready || busy} onClick={addAll}>
        {t('product.bundle.addAll', { count: items.length })}
      </button>
    </section>
  );
}
