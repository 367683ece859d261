import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { ReviewStatistics } from '../../../schemas/generated/api';
import { errorMessage } from '../../api/error-message';
import { useTranslation } from 'react-i18next';
import { useKeptState } from '../../state/kept-view-state';
import { useShopActions } from '../../state/shop-state';
import { CheckIcon } from '../icons';
import { REVIEWS_PAGE, withDates, type DatedReview, type DatedReviewList } from './product-page-data';
import { Stars } from './Stars';

function ReviewItem({ review }: { review: DatedReview }) {
  const {
    t,
    i18n: { language: locale },
  } = useTranslation();
  return (
    <li className="review" lang={review.locale}>
      <div className="review__head">
        <Stars rating={review.rating} />
        <h3 className="review__title">{review.title}</h3>
      </div>
      {/* A reviewer's words are text: React escapes them, nothing here is read as HTML. */}
      <p className="review__body">{review.body}</p>
      <p className="review__meta" lang={locale}>
        <span className="review__author">{review.author}</span>
        {review.verified && (
          <span className="badge-inline">
            <CheckIcon /> {t('reviews.verified')}
          </span>
        )}
        <time dateTime={review.createdAt}>{review.dateText}</time>
      </p>
    </li>
  );
}

/** Reviews: count, star average and spread, sort (featured or newest), "show more". */
export function Reviews({ handle, statistics, first }: { handle: string; statistics: ReviewStatistics; first: DatedReviewList }) {
  const {
    t,
    i18n: { language: locale },
  } = useTranslation();
  const { api } = useRouter().options.context;
  const { toast } = useShopActions();
  // Kept with the page's history entry: back on this product, the reviews loaded are there again.
  const [sort, setSort] = useKeptState<'featured' | 'newest'>(`reviews-sort ${handle}`, 'featured');
  const [list, setList] = useKeptState(`reviews ${handle}`, first);
  const [busy, setBusy] = useState(false);
  // Not useId: the product page's view may be drawn apart from the page (BuyBox says why).
  const sortId = `reviews-sort-${handle}`;

  async function load(nextSort: 'featured' | 'newest', offset: number) {
    setBusy(true);
    try {
      const page = withDates(await api.reviews.list(handle, nextSort, REVIEWS_PAGE, offset), locale);
      setList((current) => (offset === 0 ? page : { items: [...current.items, ...page.items], total: page.total }));
      setSort(nextSort);
    } catch (error) {
      toast(await errorMessage(error, t), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="product__section-title">
        {t('reviews.title')}
      </h2>
      {statistics.count === 0 ? (
        <p>{t('reviews.none')}</p>
      ) : (
        <>
          <div className="reviews__summary">
            <p className="reviews__average">
              <span className="reviews__score">{statistics.average.toFixed(1)}</span>
              <Stars rating={statistics.average} />
              <span>{t('reviews.count', { count: statistics.count })}</span>
            </p>
            <ol className="reviews__spread" aria-label={t('reviews.spread')}>
              {(['5', '4', '3', '2', '1'] as const).map((stars) => (
                <li key={stars}>
                  <span>{t('reviews.starsShort', { count: Number(stars) })}</span>
                  <meter
                    min={0}
                    max={statistics.count}
                    value={statistics.distribution[stars]}
                    aria-label={t('reviews.starsShort', { count: Number(stars) })}
                  />
                  <span>{statistics.distribution[stars]}</span>
                </li>
              ))}
            </ol>
          </div>
          <div className="reviews__toolbar">
            <label htmlFor={sortId}>{t('reviews.sortBy')}</label>
            <select id={sortId} value={sort} disabled={busy} onChange={(e) => load(e.target.value as 'featured' | 'newest', 0)}>
              <option value="featured">{t('reviews.featured')}</option>
              <option value="newest">{t('reviews.newest')}</option>
            </select>
          </div>
          <ul className="reviews__list" aria-busy={busy}>
            {list.items.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
          {list.items.length < list.total && (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => load(sort, list.items.length)}
            >
              {t('reviews.showMore', { count: Math.min(REVIEWS_PAGE, list.total - list.items.length) })}
            </button>
          )}
        </>
      )}
    </section>
  );
}
