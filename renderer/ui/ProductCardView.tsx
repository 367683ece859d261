import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ProductCard } from '../../schemas/generated/api';
import { Price } from './Price';
import { CARD_IMAGE_WIDTHS } from './image-widths';
import { ResponsiveImage } from './ResponsiveImage';

/**
 * A product in a grid: image, title, price (and compare-at price), sold-out badge. The image is
 * decorative here (alt=""): the title beside it in the same link already names the product.
 */
export function ProductCardView({
  product,
  eager = false,
  headingLevel = 3,
}: {
  product: ProductCard;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="product-card">
      <Link className="product-card__link" to="/products/$handle" params={{ handle: product.handle }}>
        <div className="product-card__media">
          {product.image && (
            <ResponsiveImage
              src={product.image.src}
              alt=""
              width={product.image.width}
              height={product.image.height}
              sizes="(min-width: 1280px) 300px, (min-width: 768px) 25vw, 50vw"
              widths={CARD_IMAGE_WIDTHS}
              eager={eager}
            />
          )}
          {!product.available && <span className="badge badge--muted">{t('product.soldOut')}</span>}
          {product.available && product.compareAtPrice && <span className="badge badge--sale">{t('product.sale')}</span>}
        </div>
        <Heading className="product-card__title">{product.title}</Heading>
      </Link>
      <Price price={product.price} compareAtPrice={product.compareAtPrice} />
    </article>
  );
}
