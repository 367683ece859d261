import { useEffect, useState } from 'react';
import { THUMBNAIL_WIDTHS } from '../image-widths';
import type { Image } from '../../../schemas/generated/api';
import { useTranslation } from 'react-i18next';
import { ResponsiveImage } from '../ResponsiveImage';

/** The product's images: the chosen one large, the others as thumbnails (a swipeable row on phones). */
export function Gallery({ images, active, title }: { images: Image[]; active: Image | undefined; title: string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(active ?? images[0]);
  // Choosing a colour shows its image.
  useEffect(() => setCurrent(active ?? images[0]), [active, images]);
  if (!current) return null;
  return (
    <section className="gallery" aria-label={t('product.gallery', { title })}>
      <div className="gallery__main">
        <ResponsiveImage
          src={current.src}
          alt={current.alt}
          width={current.width}
          height={current.height}
          sizes="(min-width: 1024px) 55vw, 100vw"
          priority={current === images[0]}
          eager
        />
      </div>
      {images.length > 1 && (
        <ul className="gallery__thumbs">
          {images.map((image, index) => (
            <li key={image.src}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={t('product.showImage', { number: index + 1, total: images.length })}
                aria-pressed={image.src === current.src}
                onClick={() => setCurrent(image)}
              >
                <ResponsiveImage
                  src={image.src}
                  alt=""
                  width={image.width}
                  height={image.height}
                  sizes="96px"
                  widths={THUMBNAIL_WIDTHS}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
