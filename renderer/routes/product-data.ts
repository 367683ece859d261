// Data of the product page (spec section 2), shared by /products/{handle} and
// /collections/{c}/products/{handle}: loader, search params, head (SEO). The page itself is
// renderer/ui/product/ProductPage.tsx, loaded as its own chunk; the shape of its data is
// renderer/ui/product/product-page-data.ts.
import { REVIEWS_PAGE, withDates, type ProductPageData } from '../ui/product/product-page-data';
import type { RouterContext } from '../router-context';
import { composed } from '../render-cache';
import { orNotFound } from './not-found-on-404';
import { absolute, canonicalLinks, pageAddress } from './seo';

/**
 * Secondary data (reviews, offers, "you may also like") never fails the page: it is left out. (Not the
 * layout's `secondary` of guard-loader.ts: importing it here splits the layout out of the entry chunk,
 * which costs 2 KB of first-load JavaScript.)
 */
const optional = <T>(call: Promise<T>): Promise<T | null> => call.catch(() => null);

export async function loadProductPage(context: RouterContext, handle: string): Promise<ProductPageData> {
  const [product, promotions, statistics, reviews, sames, methods] = await Promise.all([
    orNotFound(context.api.products.byHandle(handle)),
    optional(context.api.promotions.forProduct(handle)),
    optional(context.api.reviews.statistics(handle)),
    optional(context.api.reviews.list(handle, 'featured', REVIEWS_PAGE)),
    optional(context.api.products.sames(handle, 4)),
    context.api.payments.methods(),
  ]);
  const locale = context.translations.current().locale;
  // On the server, the same object while its parts are (cached a while there): serialized once (serialize-once.ts).
  return composed(context, [product, promotions, statistics, reviews, sames, methods, locale], () => ({
    product,
    promotions: promotions ?? [],
    statistics,
    reviews: reviews && withDates(reviews, locale),
    sames,
    payLater: methods.result.filter((m) => m.normalTag && m.payLater),
  }));
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
  const url = pageAddress(context, `/products/${product.handle}`);
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
    links: canonicalLinks(context, `/products/${product.handle}`),
  };
}
