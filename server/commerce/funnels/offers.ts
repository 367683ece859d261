// One-click offers after a funnel's main order (upsell, downsell; spec: upsell offered after the main
// order, pay now or decline, validity time checked).
//
// Showing an offer (the step's page is drawn with the main order's token, in the buyer's own browser: the
// visitor the main order was placed from): the payment method that paid the main order decides how the
// shopper may accept (the provider's `oneClickPath`, narrowed by the step's `oneClick`). An offer the
// shopper cannot accept in one action is never shown: it is recorded skipped (counted "ineligible") and
// the shopper goes to the step for a declined offer. Otherwise the offer's own order is placed pending,
// holding its stock, with the offer window as its payment window, and the offer gets a signed, single-use
// token: reloading the page shows the same offer with the same deadline.
//
// Answering it: a POST with the token, from the buyer's browser (anyone else holding the order's token,
// which travels in the thank-you address, is refused and sent to the thank-you page: a one-click charge
// of the buyer's saved payment is the buyer's to make). Accepting charges the offer's order with the main
// order's payment, declining lets its order go (the stock back on the shelf). The first answer is stored:
// a refresh, the back button or a second click gets the same next step again, and the money is taken once.
// An offer left unanswered expires with its window (the jobs give its stock back); the main order is paid
// and confirmed already, so nothing waits on the funnel.
//
// Answers at once (a double click, an accept and a decline, two sizes, two server processes): every
// change of an offer (shown, a size chosen, accepted, declined, expired, by an answer or by the jobs) runs
// in one transaction that locks the offer and its order and checks their state first (offer-state.ts).
// The charge is made outside any transaction, so an accept first claims the offer: `shown` -> `accepting`
// in the locked transaction that also fixes and prices the chosen SKU and keeps the order from the
// order-expiry job; only the claimant charges, exactly the order's total as the claim left it; then it
// records `accepted` (the order paid), or puts the offer back to `shown` when the charge took no money (a
// declined card may try again, with a new idempotency key). An answer arriving during a claim waits for it
// briefly and answers what it ended in (a replay), else 409 (conflict: answered meanwhile, try again).
//
// Lock order (every transaction takes what it needs in this order, so none waits on another in a circle):
//   1. funnel_offers rows, by token (one for an answer; the expiry job skips rows an answer holds),
//   2. orders rows, by id (the offer's order; the main order is only read),
//   3. skus rows, by id (stock taken or given back).
// The order-expiry job (orders/release-orders.ts) takes orders (all it expires, by id) then skus, never an
// offer. A shop checkout's order comes after its checkout: placing an order locks the checkout, then the
// order it replaces, and every statement that pays an order locks its checkout first
// (orders/settle-payment.ts, waitingOrderSql). The whole order: offer, checkout, order, skus.
//
// A checkout trigger's offers after the shop's own checkout (server/commerce/shop-offers/) run on the same
// steps: only where they come from differs (offer-source.ts: where the buyer goes after, what they are
// priced with, no funnel events).
//
// The steps, each in its file: show-offer.ts, accept-offer.ts (claim, charge, record, with their
// compensations), decline-offer.ts, offer-validity.ts; what they share (the lock, who may answer) in
// offer-kit.ts; the offer's states in offer-state.ts and claims in offer-claims.ts.
import type { Db } from '../../db/connect';
import { acceptOffer } from './accept-offer';
import { declineOffer } from './decline-offer';
import type { OfferDeps, OfferKit } from './offer-kit';
import { expireDueOffers } from './offer-state';
import { offerValidity } from './offer-validity';
import { createOfferViews } from './offer-view';
import { presentOffer, showOffer } from './show-offer';

export { isBuyer, OFFER_MINUTES, type OfferDeps } from './offer-kit';
export { oneClickPathFor, payableWith, type OfferSource, type ShownOffer } from './show-offer';

export function createOffers(db: Db, deps: OfferDeps) {
  const kit: OfferKit = { db, deps, views: createOfferViews(db, deps) };
  return {
    show: (...args: Tail<Parameters<typeof showOffer>>) => showOffer(kit, ...args),
    /** Shows an offer of another source (a checkout trigger after the shop's own checkout, shop-offers/). */
    present: (...args: Tail<Parameters<typeof presentOffer>>) => presentOffer(kit, ...args),
    validity: (...args: Tail<Parameters<typeof offerValidity>>) => offerValidity(kit, ...args),
    accept: (...args: Tail<Parameters<typeof acceptOffer>>) => acceptOffer(kit, ...args),
    decline: (...args: Tail<Parameters<typeof declineOffer>>) => declineOffer(kit, ...args),

    /** The job: offers whose window closed unanswered are expired (their orders let go with them). */
    async expireOffers(now = new Date()): Promise<number> {
      const { expired, events } = await expireDueOffers(db, now);
      for (const event of events) deps.events.announce(event);
      return expired;
    },
  };
}

/** A step's parameters after the kit it is given. */
type Tail<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

export type Offers = ReturnType<typeof createOffers>;
