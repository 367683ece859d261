// The product page (spec section 2): gallery, options, buy box, volume discounts, bundles,
// description, reviews, you may also like.
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductPageData } from './product-page-data';
import { HydrationBoundary } from '../frames';
import { ProductCardView } from '../ProductCardView';
import { Bundle } from './Bundle';
import { BuyBox } from './BuyBox';
import { Gallery } from './Gallery';
import { OptionPicker } from './OptionPicker';
import { Reviews } from './Reviews';
import { Stars } from './Stars';
import { choose, imageOf, initialSelection, skuFor } from './variants';
import { VolumeDiscounts } from './VolumeDiscounts';
import { priced } from '../../tracking/commerce-events';
import { trackShopEvent } from '../../tracking/shop-events';

export function ProductPage({
  data,
  variant,
  collection,
}: {
  data: ProductPageData;
  variant?: number;
  collection?: { handle: string; title: string };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { product } = data;
  const [selection, setSelection] = useState(() => initialSelection(product, variant));
  const sku = useMemo(() => skuFor(product, selection), [product, selection]);
  const volume = data.promotions.find((p) => p.type === 'volume');
  const bundles = data.promotions.filter((p) => p.type === 'bundle');
  // The product page's view (instead of a page view: spec section 2), once per product shown.
  useEffect(() => {
    const shown = sku ?? product.skus[0];
    if (!shown) return;
    trackShopEvent({
      name: 'ViewContent',
      ...priced(
        [{ skuId: shown.id, productId: product.id, title: product.title, quantity: 1, unitPrice: shown.price }],
        shown.price,
      ),
    });
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- once per product, not per option chosen
  }, [product.id]);

  const onChoose = (code: string, value: string) => {
    const next = choose(product, selection, code, value);
    setSelection(next);
    const chosen = skuFor(product, next);
    // The address names the chosen SKU, so a shared link shows it (replacing history: no back-button trail).
    if (chosen) void navigate({ to: '.', search: { variant: chosen.id } as never, replace: true, resetScroll: false });
  };

  return (
    <>
      {collection && (
        <nav className="breadcrumbs" aria-label={t('product.breadcrumbs')}>
          <ol>
            <li>
              <Link to="/">{t('layout.homeShort')}</Link>
            </li>
            <li>
              <Link to="/collections/$handle" params={{ handle: collection.handle }}>
                {collection.title}
              </Link>
            </li>
            <li aria-current="page">{product.title}</li>
          </ol>
        </nav>
      )}
      <article className="product">
        <HydrationBoundary>
          <Gallery images={product.images} active={imageOf(product, sku)} title={product.title} />
        </HydrationBoundary>
        <div className="product__info">
          {product.vendor && <p className="product__vendor">{product.vendor}</p>}
          <h1 className="product__title">{product.title}</h1>
          {data.statistics && data.statistics.count > 0 && (
            <a className="product__rating" href="#reviews-title">
              <Stars rating={data.statistics.average} />
              <span>{t('reviews.count', { count: data.statistics.count })}</span>
            </a>
          )}
          <OptionPicker product={product} selection={selection} onChoose={onChoose} />
          <BuyBox product={product} sku={sku} payLater={data.payLater} />
          {volume && (
            <HydrationBoundary>
              <VolumeDiscounts promotion={volume} />
            </HydrationBoundary>
          )}
          <section className="product__description" aria-labelledby="description-title">
            <h2 id="description-title" className="product__section-title">
              {t('product.description')}
            </h2>
            <p>{product.description}</p>
          </section>
        </div>
      </article>
      {bundles.map((bundle) => (
        <HydrationBoundary key={bundle.id}>
          <Bundle promotion={bundle} />
        </HydrationBoundary>
      ))}
      {data.statistics && data.reviews && (
        <HydrationBoundary>
          <Reviews handle={product.handle} statistics={data.statistics} first={data.reviews} />
        </HydrationBoundary>
      )}
      {data.sames && data.sames.items.length > 0 && (
        <HydrationBoundary>
          <section className="product-grid" aria-labelledby="sames-title">
            <h2 id="sames-title" className="product-grid__heading">
              {t('product.youMayAlsoLike')}
            </h2>
            <ul className="product-grid__items">
              {data.sames.items.map((item) => (
                <li key={item.id}>
                  <ProductCardView product={item} />
                </li>
              ))}
            </ul>
          </section>
        </HydrationBoundary>
      )}
    </>
  );
}
