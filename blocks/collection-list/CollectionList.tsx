import { Link } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { useLocalized } from '../../renderer/i18n/use-localized';
import { useTranslation } from 'react-i18next';
import { ResponsiveImage } from '../../renderer/ui/ResponsiveImage';
import type { BlockProps, SettingsOf } from '../types';
import type { CollectionListData } from './load';
import './collection-list.css';

export default function CollectionList({ id, settings, data }: BlockProps<SettingsOf<'collection-list'>, CollectionListData>) {
  const { t } = useTranslation();
  const text = useLocalized();
  if (!data || data.collections.length === 0) return null;
  const heading = text(settings.heading);
  const style = { '--collection-columns': settings.columns } as CSSProperties;
  return (
    <section className="collection-list" aria-labelledby={heading ? `${id}-heading` : undefined}>
      {heading && (
        <h2 id={`${id}-heading`} className="collection-list__heading">
          {heading}
        </h2>
      )}
      <ul className="collection-list__items" style={style}>
        {data.collections.map((collection) => (
          <li key={collection.handle}>
            <Link className="collection-card" to="/collections/$handle" params={{ handle: collection.handle }}>
              {collection.image && (
                <ResponsiveImage
                  className="collection-card__image"
                  src={collection.image.src}
                  alt=""
                  width={collection.image.width}
                  height={collection.image.height}
                  sizes="(min-width: 1024px) 33vw, 100vw"
                />
              )}
              <span className="collection-card__text">
                <span className="collection-card__title">{collection.title}</span>
                <span className="collection-card__count">{t('collection.count', { count: collection.productCount })}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
