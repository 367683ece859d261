// What the product page shows (spec section 2): the data its route loads, and the reviews with their
// dates written out. Shared by the route (renderer/routes/product-data.ts) and the page's parts.
import type {
  PaymentMethod,
  Product,
  ProductList,
  Promotion,
  Review,
  ReviewList,
  ReviewStatistics,
} from '../../../schemas/generated/api';
import { formatDate } from '../../i18n/date-format';

/** Reviews shown at first, and added by each "show more". */
export const REVIEWS_PAGE = 5;

/** A review with its date written out for the page's language. */
export type DatedReview = Review & { dateText: string };
export interface DatedReviewList {
  items: DatedReview[];
  total: number;
}

export const withDates = (list: ReviewList, locale: string): DatedReviewList => ({
  ...list,
  items: list.items.map((review) => ({ ...review, dateText: formatDate(review.createdAt, locale) })),
});

export interface ProductPageData {
  product: Product;
  promotions: Promotion[];
  statistics: ReviewStatistics | null;
  /** Dated by the loader: the browser hydrates the first reviews without making a date formatter. */
  reviews: DatedReviewList | null;
  sames: ProductList | null;
  /** The shop's pay-later methods with their terms, for the buy box's plan note (spec section 9). */
  payLater: PaymentMethod[];
}
