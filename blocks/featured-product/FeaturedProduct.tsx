import { useLocalized } from '../../renderer/i18n/use-localized';
import { Price } from '../../renderer/ui/Price';
import { ResponsiveImage } from '../../renderer/ui/ResponsiveImage';
import { ShopLink } from '../../renderer/ui/ShopLink';
import type { BlockProps, SettingsOf } from '../types';
import type { FeaturedProductData } from './load';
import './featured-product.css';

/** One product large: photo, name, the catalog's price (never a price typed into the page), a button on. */
export default function FeaturedProduct({ id, settings, data }: BlockProps<SettingsOf<'featured-product'>, FeaturedProductData>) {
  const text = useLocalized();
  const product = data?.product;
  if (!product) return null;
  const body = text(settings.text);
  const label = text(settings.buttonLabel);
  const headingId = `${id}-title`;
  return (
    <section className="featured-product" aria-labelledby={headingId}>
      {product.image && (
        <ResponsiveImage
          className="featured-product__image"
          src={product.image.src}
          alt={product.image.alt ?? ''}
          width={product.image.width}
          height={product.image.height}
          sizes="(min-width: 768px) 28rem, 100vw"
        />
      )}
      <div className="featured-product__text">
        <h2 id={headingId}>{product.title}</h2>
        <p className="featured-product__price">
          <Price price={product.price} compareAtPrice={product.compareAtPrice} />
        </p>
        {body && <p>{body}</p>}
        {label && settings.buttonLink && (
          <ShopLink className="button" href={settings.buttonLink}>
            {label}
          </ShopLink>
        )}
      </div>
    </section>
  );
}
