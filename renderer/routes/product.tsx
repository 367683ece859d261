import { createRoute } from '@tanstack/react-router';
import { useT } from '../i18n/use-t';
import { Price } from '../ui/Price';
import { ResponsiveImage } from '../ui/ResponsiveImage';
import { orNotFound } from './not-found-on-404';
import { guardLoader } from './guard-loader';
import { rootRoute } from './root';

export const productRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/products/$handle',
  loader: ({ context, params }) => guardLoader(context, () => orNotFound(context.api.products.byHandle(params.handle))),
  head: ({ loaderData }) =>
    loaderData
      ? { meta: [{ title: loaderData.title }, { name: 'description', content: loaderData.description.slice(0, 160) }] }
      : {},
  component: ProductPage,
});

function ProductPage() {
  const { t } = useT();
  const product = productRoute.useLoaderData();
  return (
    <article className="product">
      <section className="product__gallery" aria-label={t('product.gallery')}>
        <ul>
          {product.images.map((image, index) => (
            <li key={image.src}>
              <ResponsiveImage
                src={image.src}
                alt={image.alt}
                width={image.width}
                height={image.height}
                sizes="(min-width: 1024px) 50vw, 100vw"
                priority={index === 0}
              />
            </li>
          ))}
        </ul>
      </section>
      <div className="product__info">
        {product.vendor && <p className="product__vendor">{product.vendor}</p>}
        <h1 className="product__title">{product.title}</h1>
        <p className="product__price">
          <Price price={product.price} compareAtPrice={product.compareAtPrice} />
        </p>
        {!product.available && <p className="badge badge--muted">{t('product.soldOut')}</p>}
        {product.options.map((option) => (
          <div key={option.code} className="product__option">
            <h2 className="product__option-name">{option.name}</h2>
            <ul className="product__option-values">
              {option.values.map((value) => (
                <li key={value.code} className="chip">
                  {value.swatch && <span className="chip__swatch" style={{ background: value.swatch }} aria-hidden="true" />}
                  {value.label}
                </li>
              ))}
            </ul>
          </div>
        ))}
        <h2 className="product__section-title">{t('product.description')}</h2>
        <p className="product__description">{product.description}</p>
      </div>
    </article>
  );
}
