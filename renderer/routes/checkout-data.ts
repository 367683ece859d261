// What the checkout pages (routes/checkout.tsx) load, shared with their views.
import type { Checkout } from '../../schemas/generated/api';
import type { CheckoutData } from '../state/checkout-store';

/** What a checkout page offers besides the checkout itself: the same for every shopper of a locale and currency. */
export type CheckoutOffer = Omit<CheckoutData, 'checkout' | 'funnel'>;

/**
 * The checkout, and what the page offers as one object made once from the shop's kept answers (so the
 * server writes it into each page as JSON made once: renderer/serialize-once.ts; the countries and
 * methods, lists, would otherwise be walked by the router's serializer on every render).
 * null: the token names no checkout (mistyped, or from another shop's link).
 */
export type CheckoutPageData = { checkout: Checkout; offer: CheckoutOffer } | null;
