import { useTranslation } from 'react-i18next';

/** A star rating, drawn and said ("4.2 out of 5 stars"). */
export function Stars({ rating, className = '' }: { rating: number; className?: string }) {
  const { t } = useTranslation();
  const percent = Math.max(0, Math.min(5, rating)) * 20;
  return (
    <span className={`stars ${className}`} role="img" aria-label={t('reviews.stars', { rating: rating.toFixed(1) })}>
      <span className="stars__fill" style={{ width: `${percent}%` }} aria-hidden="true">
        ★★★★★
      </span>
      <span aria-hidden="true">★★★★★</span>
    </span>
  );
}
