// The product page (spec section 2), shared by /products/{handle} and /collections/{c}/products/{handle}.
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { Product, ProductList, Promotion, ReviewList, ReviewStatistics } from '../../schemas/generated/api';
import { useT } from '../i18n/use-t';
import type { RouterContext } from '../router-context';
import { Bundle } from '../ui/product/Bundle';
import { BuyBox } from '../ui/product/BuyBox';
import { Gallery } from '../ui/product/Gallery';
import { OptionPicker } from '../ui/product/OptionPicker';
import { REVIEWS_PAGE, Reviews } from '../ui/product/Reviews';
import { Stars } from '../ui/product/Stars';
import { choose, imageOf, initialSelection, skuFor } from '../ui/product/variants';
import { VolumeDiscounts } from '../ui/product/VolumeDiscounts';
import { ProductCardView } from '../ui/ProductCardView';
import { orNotFound } from './not-found-on-404';
import { absolute, canonicalLinks } from './seo';

export interface ProductPageData {
  product: Product;
  promotions: Promotion[];
  statistics: ReviewStatistics | null;
  reviews: ReviewList | null;
  sames: ProductList | null;
}

/** Secondary data (reviews, offers, "you may also like") never fails the page: it is left out. */
const optional = <T,>(call: Promise<T>): Promise<T | null> => call.catch(() => null);

export async function loadProductPage(context: RouterContext, handle: string): Promise<ProductPageData> {
  const [product, promotions, statistics, reviews, sames] = await Promise.all([
    orNotFound(context.api.products.byHandle(handle)),
    optional(context.api.promotions.forProduct(handle)),
    optional(context.api.reviews.statistics(handle)),
    optional(context.api.reviews.list(handle, 'featured', REVIEWS_PAGE)),
    optional(context.api.products.sames(handle, 4)),
  ]);
  return { product, promotions: promotions ?? [], statistics, reviews, sames };
}

export const productSearch = (search: Record<string, unknown>): { variant?: number } => {
  const variant = Number(search.variant);
  return Number.isInteger(variant) && variant > 0 ? { variant } : {};
};

/** Title, description, canonical (always /products/{handle}), Open Graph and Product JSON-LD. */
export function productHead(data: ProductPageData | undefined, context: RouterContext) {
  if (!data) return {};
  const { product, statistics } = data;
  const description = product.description.slice(0, 160);
  const image = product.images[0] ? absolute(context.origin, `${product.images[0].src}?w=1200`) : undefined;
  const url = absolute(context.origin, `/products/${product.handle}`);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description,
    sku: product.skus[0]?.code,
    brand: { '@type': 'Brand', name: product.vendor },
    image: product.images.map((i) => absolute(context.origin, `${i.src}?w=1200`)),
    url,
    offers: product.skus.map((sku) => ({
      '@type': 'Offer',
      sku: sku.code,
      price: (sku.price.amount / 10 ** context.currencyDecimals).toFixed(context.currencyDecimals),
      priceCurrency: sku.price.currencyCode,
      availability: sku.available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: `${url}?variant=${sku.id}`,
    })),
    ...(statistics && statistics.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: statistics.average, reviewCount: statistics.count } }
      : {}),
  };
  return {
    meta: [
      { title: product.title },
      { name: 'description', content: description },
      { property: 'og:type', content: 'product' },
      { property: 'og:title', content: product.title },
      { property: 'og:description', content: description },
      { property: 'og:url', content: url },
      ...(image ? [{ property: 'og:image', content: image }] : []),
      {
        property: 'product:price:amount',
        content: (product.price.amount / 10 ** context.currencyDecimals).toFixed(context.currencyDecimals),
      },
      { property: 'product:price:currency', content: product.price.currencyCode },
      { 'script:ld+json': jsonLd },
    ],
    links: canonicalLinks(context.origin, `/products/${product.handle}`),
  };
}

export function ProductPage({
  data,
  variant,
  collection,
}: {
  data: ProductPageData;
  variant?: number;
  collection?: { handle: string; title: string };
}) {
  const { t } = useT();
  const navigate = useNavigate();
  const { product } = data;
  const [selection, setSelection] = useState(() => initialSelection(product, variant));
  const sku = useMemo(() => skuFor(product, selection), [product, selection]);
  const volume = data.promotions.find((p) => p.type === 'volume');
  const bundles = data.promotions.filter((p) => p.type === 'bundle');

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
        <Gallery images={product.images} active={imageOf(product, sku)} title={product.title} />
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
          <BuyBox product={product} sku={sku} />
          {volume && <VolumeDiscounts promotion={volume} />}
          <section className="product__description" aria-labelledby="description-title">
            <h2 id="description-title" className="product__section-title">
              {t('product.description')}
            </h2>
            <p>{product.description}</p>
          </section>
        </div>
      </article>
      {bundles.map((bundle) => (
        <Bundle key={bundle.id} promotion={bundle} />
      ))}
      {data.statistics && data.reviews && <Reviews handle={product.handle} statistics={data.statistics} first={data.reviews} />}
      {data.sames && data.sames.items.length > 0 && (
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
      )}
    </>
  );
}
