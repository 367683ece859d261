import { Link } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalized } from '../../renderer/i18n/use-localized';
import { ProductCardView } from '../../renderer/ui/ProductCardView';
import type { BlockProps, SettingsOf } from '../types';
import type { ProductGridData } from './load';
import './product-grid.css';

export default function ProductGrid({ id, settings, data }: BlockProps<SettingsOf<'product-grid'>, ProductGridData>) {
  const { t } = useTranslation();
  const text = useLocalized();
  // Nothing to show (empty collection, or its data could not be loaded): leave no empty frame behind.
  if (!data || data.products.length === 0) return null;
  const heading = text(settings.heading) || data.collection?.title;
  const headingId = `${id}-heading`;
  const style = { '--grid-columns': settings.columns } as CSSProperties;
  return (
    <section className="product-grid" aria-labelledby={heading ? headingId : undefined}>
      {heading && (
        <h2 id={headingId} className="product-grid__heading">
          {heading}
        </h2>
      )}
      <ul className="product-grid__items" style={style}>
        {data.products.map((product) => (
          <li key={product.id}>
            <ProductCardView product={product} headingLevel={heading ? 3 : 2} />
          </li>
        ))}
      </ul>
      {settings.showViewAll && data.collection && (
        <p className="product-grid__more">
          <Link className="button button--secondary" to="/collections/$handle" params={{ handle: data.collection.handle }}>
            {t('blocks.product-grid.viewAll', { title: data.collection.title })}
          </Link>
        </p>
      )}
    </section>
  );
}
