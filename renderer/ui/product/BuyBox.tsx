import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { PaymentMethod, Product, SinglePromotionResult, Sku } from '../../../schemas/generated/api';
import { errorMessage } from '../../api/error-message';
import { QuantityControl } from '../QuantityControl';
import { useMoney } from '../../i18n/use-money';
import { useTranslation } from 'react-i18next';
import { useShopActions } from '../../state/shop-state';
import { showCartPopup } from '../cart-popup/cart-popup-store';
import { Price } from '../Price';
import { PayLaterNote } from './PayLaterNote';
import { ExpressSlot } from '../express/ExpressSlot';
import { priced } from '../../tracking/commerce-events';
import { trackShopEvent } from '../../tracking/shop-events';

/** Shown when few are left. */
const LOW_STOCK = 5;

/** Price, stock, quantity, add to cart and buy now, for the chosen SKU. Prices come from the server. */
export function BuyBox({ product, sku, payLater = [] }: { product: Product; sku: Sku | undefined; payLater?: PaymentMethod[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { api } = useRouter().options.context;
  const navigate = useNavigate();
  const { setCartQuantity, toast } = useShopActions();
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [volume, setVolume] = useState<SinglePromotionResult | null>(null);
  // Not useId: the product page's view may be written from HTML rendered alone (CachedFrame),
  // where React would number its ids differently; one buy box per product page.
  const quantityId = `quantity-${product.id}`;
  const max = Math.max(1, Math.min(sku?.stock ?? 1, 999));

  useEffect(() => setQuantity((q) => Math.min(q, max)), [max]);
  // The price of this quantity with its volume discount, asked of the server.
  useEffect(() => {
    if (!sku || quantity < 2) return setVolume(null);
    let live = true;
    const timer = setTimeout(() => {
      api.promotions
        .single(sku.id, quantity)
        .then((result) => live && setVolume(result.percentOff > 0 ? result : null))
        .catch(() => live && setVolume(null));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, sku, quantity]);

  async function add(thenCheckout: boolean) {
    if (!sku) return;
    // The button disables itself while busy, which drops its focus: the popup gives it back.
    const opener = document.activeElement;
    setBusy(true);
    try {
      // Buy now checks out this item alone (direct-buy): the cart is left as it is.
      if (thenCheckout) {
        const { token } = await api.checkout.start({ skuId: sku.id, quantity });
        await navigate({ to: '/checkout/$token', params: { token } });
        return;
      }
      const result = await api.cart.add(sku.id, quantity);
      setCartQuantity(result.quantity);
      trackShopEvent({
        name: 'AddToCart',
        ...priced([{ skuId: sku.id, productId: product.id, title: product.title, quantity, unitPrice: sku.price }], {
          amount: sku.price.amount * quantity,
          currencyCode: sku.price.currencyCode,
        }),
      });
      showCartPopup([{ skuId: sku.id, quantity }], (tr) => tr('cart.added', { title: product.title, count: quantity }), opener);
    } catch (error) {
      toast(await errorMessage(error, t), 'error');
    } finally {
      setBusy(false);
    }
  }

  const available = Boolean(sku?.available);
  return (
    <div className="buy-box">
      <p className="buy-box__price">
        {sku ? <Price price={sku.price} compareAtPrice={sku.compareAtPrice} discountPercent={sku.discountPercent} /> : null}
      </p>
      {sku?.available && <PayLaterNote methods={payLater} price={sku.price} />}
      <p className={`buy-box__stock${available ? '' : ' buy-box__stock--out'}`} role="status">
        {!sku
          ? t('product.unavailable')
          : !available
            ? t('product.soldOut')
            : sku.stock <= LOW_STOCK
              ? t('product.fewLeft', { count: sku.stock })
              : t('product.inStock')}
      </p>
      <div className="buy-box__row">
        <div className="quantity">
          <label htmlFor={quantityId}>{t('product.quantity')}</label>
          <QuantityControl id={quantityId} value={quantity} max={max} onChange={setQuantity} />
        </div>
        {volume && (
          <p className="buy-box__volume">
            {t('product.volumePrice', { price: money(volume.unitPrice), total: money(volume.total), percent: volume.percentOff })}
          </p>
        )}
      </div>
      <div className="buy-box__actions">
        <button type="button" className="button button--wide" disabled={!available || busy} onClick={() => add(false)}>
          {available ? t('product.addToCart') : t('product.soldOut')}
        </button>
        <button
          type="button"
          className="button button--secondary button--wide"
          disabled={!available || busy}
          onClick={() => add(true)}
        >
          {t('product.buyNow')}
        </button>
      </div>
      {sku && (
        <ExpressSlot
          disabled={!available}
          checkout={() => api.checkout.start({ skuId: sku.id, quantity }).then((started) => started.token)}
        />
      )}
    </div>
  );
}
