// One-click offers after the shop's own checkout (spec: /checkout/upsell, /checkout/downsell, store order
// state shopUpsellToken and upsellCouponCode): a paid shop order whose products match a checkout trigger
// (trigger-match.ts, checked when the order is placed, which then leads its buyer to /checkout/upsell
// once paid) is shown the trigger's upsell, then on a decline its downsell, then the thank-you page.
// They run on the funnels' offer engine (server/commerce/funnels/offers.ts): signed single-use tokens,
// one unit held while shown, the path the buyer's payment can take in one action, the same answers.
// The terms shown (the step, its coupon as it applied, whether a downsell follows) are kept on the offer.
import { and, eq } from 'drizzle-orm';
import type { FunnelOffer, ShopOfferStep } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import type { ShopOfferTerms } from '../../db/funnel-schema';
import { products } from '../../db/catalog-schema';
import { funnelOffers } from '../../db/funnel-schema';
import { orderLines } from '../../db/order-schema';
import { couponProblem } from '../cart/coupons';
import type { Offers, OfferSource } from '../funnels/offers';
import { isBuyer, payableWith } from '../funnels/offers';
import { shopOfferPath, shopPathAfter } from '../funnels/offer-source';
import type { OrderContext, OrderRow } from '../orders/place-order';
import { findOrder } from '../orders/read-order';
import type { Currency } from '../pricing/currency';
import { matchTrigger } from './trigger-match';
import { defaultOfferPage, type TriggerStore } from './trigger-store';

export interface ShopOfferDeps {
  offers: Offers;
  triggers: TriggerStore;
  currency(code: string | undefined): Promise<{ currency: Currency; base: Currency }>;
  /** Where a funnel order's buyer goes for an offer of a type: the funnel's own offer step. */
  funnelOffer(orderToken: string, type: 'upsell' | 'downsell'): Promise<string>;
}

/** The offer shown, with the page it is drawn on; or where the buyer goes instead. */
export type ShownShopOffer = { offer: FunnelOffer; page: string } | { redirect: string };

export function createShopOffers(db: Db, deps: ShopOfferDeps) {
  /** The terms of a trigger's step, its coupon resolved for this buyer (left out when they may not use it). */
  async function termsOf(
    main: OrderRow,
    type: 'upsell' | 'downsell',
    step: ShopOfferStep,
    hasDownsell: boolean,
    now: Date,
  ): Promise<ShopOfferTerms> {
    const terms: ShopOfferTerms = { ...step, type, ...(type === 'upsell' ? { downsell: hasDownsell } : {}) };
    if (!step.couponCode) return terms;
    const { coupon, problem } = await couponProblem(db, step.couponCode, { email: main.email }, now);
    return coupon && !problem
      ? {
          ...terms,
          coupon: { code: coupon.code, percentOff: coupon.percentOff, amountOff: coupon.amountOff, minSpend: coupon.minSpend },
        }
      : terms;
  }

  const sourceOf = (main: OrderRow, triggerId: number, terms: ShopOfferTerms): OfferSource => ({
    stepId: terms.type,
    terms,
    columns: { funnelId: null, funnelVersion: null, triggerId, terms },
    after: (answer) => shopPathAfter(terms, main.token!, answer),
  });

  /** The offer row of a type for the main order, if one was shown (or skipped) before. */
  async function shownBefore(main: OrderRow, type: 'upsell' | 'downsell') {
    const [row] = await db
      .select()
      .from(funnelOffers)
      .where(and(eq(funnelOffers.mainOrderId, main.id), eq(funnelOffers.stepId, type)));
    return row ?? null;
  }

  /** What the buyer of `main` is offered now as `type`: the source, or where they go instead. */
  async function sourceFor(main: OrderRow, type: 'upsell' | 'downsell', now: Date): Promise<OfferSource | { redirect: string }> {
    const thanks = { redirect: `/thankyou/${main.token}` };
    const before = await shownBefore(main, type);
    if (before?.terms && before.triggerId !== null) return sourceOf(main, before.triggerId, before.terms);
    if (type === 'upsell') {
      const held = await db
        .select({ handle: products.handle })
        .from(orderLines)
        .innerJoin(products, eq(products.id, orderLines.productId))
        .where(eq(orderLines.orderId, main.id));
      const trigger = await matchTrigger(
        db,
        held.map((h) => h.handle),
      );
      if (!trigger) return thanks;
      return sourceOf(main, trigger.id, await termsOf(main, 'upsell', trigger.upsell, !!trigger.downsell, now));
    }
    // A downsell follows its upsell, once that was declined (or could not be taken, or ran out).
    const upsell = await shownBefore(main, 'upsell');
    // Not shown yet (or still open): the upsell first (which leads to the thank-you page when none is due).
    if (!upsell || upsell.status === 'shown' || upsell.status === 'accepting')
      return { redirect: shopOfferPath('upsell', main.token!) };
    if (upsell.triggerId === null) return thanks;
    if (upsell.status === 'accepted' || !upsell.terms?.downsell) return thanks;
    const trigger = await deps.triggers.row(upsell.triggerId);
    if (!trigger?.downsell) return thanks;
    return sourceOf(main, trigger.id, await termsOf(main, 'downsell', trigger.downsell, false, now));
  }

  return {
    /**
     * The offer of `type` after the shop order `orderToken`, shown to its buyer (placed the first time),
     * or where they go instead: a funnel's order to its funnel's offer step; anyone else holding the token,
     * an order with no trigger, or one not paid (nor waiting on a voucher) to the thank-you page.
     */
    async show(
      orderToken: string,
      type: 'upsell' | 'downsell',
      shown: Pick<OrderContext, 'locale' | 'now'>,
      visitorId?: string,
    ): Promise<ShownShopOffer> {
      const main = await findOrder(db, orderToken);
      if (main.parentOrderId !== null) return { redirect: `/thankyou/${main.token}` };
      if (main.funnelId !== null) return { redirect: await deps.funnelOffer(orderToken, type) };
      if (!isBuyer(main, visitorId)) return { redirect: `/thankyou/${main.token}` };
      // Not paid (a card still at 3-D Secure, a bank not yet confirmed), unless a voucher waits for a store's
      // payment (an offer is added to it): nothing is recorded, the thank-you page says how it stands.
      if (main.status !== 'paid' && !(await payableWith(db, main))) return { redirect: `/thankyou/${main.token}` };
      const source = await sourceFor(main, type, shown.now);
      if ('redirect' in source) return source;
      const context: OrderContext = { ...shown, ...(await deps.currency(main.currencyCode ?? undefined)) };
      const answer = await deps.offers.present(source, main, context, visitorId);
      if ('redirect' in answer) return answer;
      return { ...answer, page: source.columns.terms?.page ?? defaultOfferPage(type) };
    },
  };
}

export type ShopOffers = ReturnType<typeof createShopOffers>;
