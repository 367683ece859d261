import { useLocalized } from '../../renderer/i18n/use-localized';
import { useTranslation } from 'react-i18next';
import { Stars } from '../../renderer/ui/product/Stars';
import type { BlockProps, SettingsOf } from '../types';
import './testimonials.css';

/** Customers' quotes: each a figure with its quote, author (and place) and rating. */
export default function Testimonials({ id, settings }: BlockProps<SettingsOf<'testimonials'>>) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const headingId = `${id}-title`;
  return (
    <section className="testimonials" aria-labelledby={headingId}>
      <h2 id={headingId}>{localized(settings.heading) || t('blocks.testimonials.title')}</h2>
      <ul className="testimonials__list">
        {settings.items.map((item, i) => (
          <li key={i}>
            <figure className="testimonials__item">
              {item.rating ? <Stars rating={item.rating} /> : null}
              <blockquote>
                <p>{localized(item.quote)}</p>
              </blockquote>
              <figcaption>
                {item.author}
                {item.place ? <span className="testimonials__place">, {item.place}</span> : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
