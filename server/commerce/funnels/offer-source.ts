// What differs between an offer of a funnel's step and one of a checkout trigger after the shop's own
// checkout (server/commerce/shop-offers/): where the buyer goes after answering it and what it was priced
// with. Everything else of the offer engine (offers.ts) is the same for both.
import type { FunnelStep } from '../../../schemas/generated/funnel';
import type { Db, Executor } from '../../db/connect';
import type { funnelOffers, ShopOfferTerms } from '../../db/funnel-schema';
import type { MethodUse } from '../../payments/method-use';
import { funnelVersion, pathAfterStep } from './funnel-paths';

type Row = Pick<typeof funnelOffers.$inferSelect, 'funnelId' | 'funnelVersion' | 'stepId' | 'terms'>;

/** Which of a method's tags lets it be charged again for an offer: the funnels', or the shop checkout's. */
export const offerUse = (row: Pick<Row, 'terms'>): MethodUse => (row.terms ? 'shopOffer' : 'offer');

/** What an offer's price is made of: the step's percent off and, for a trigger's offer, its coupon. */
export type OfferPricing = Pick<FunnelStep, 'discount'> & Pick<ShopOfferTerms, 'coupon'>;

/** The address of a shop checkout's offer for the main order `orderToken`. */
export const shopOfferPath = (type: 'upsell' | 'downsell', orderToken: string) =>
  `/checkout/${type}?order=${encodeURIComponent(orderToken)}`;

/**
 * Where the buyer of a trigger's offer goes after answering it: the downsell after a declined upsell
 * when the trigger has one, else the main order's thank-you page.
 */
export function shopPathAfter(terms: Pick<ShopOfferTerms, 'type' | 'downsell'>, mainToken: string, answer: 'next' | 'onDecline') {
  return answer === 'onDecline' && terms.type === 'upsell' && terms.downsell
    ? shopOfferPath('downsell', mainToken)
    : `/thankyou/${mainToken}`;
}

/** Where the buyer goes after the offer on an answer (the funnel version it was shown in), else thank-you. */
export async function pathAfterOffer(tx: Executor, row: Row, mainToken: string, answer: 'next' | 'onDecline') {
  if (row.terms) return shopPathAfter(row.terms, mainToken, answer);
  const after = await pathAfterStep(tx, { id: row.funnelId!, version: row.funnelVersion! }, row.stepId, mainToken, answer);
  return after ?? `/thankyou/${mainToken}`;
}

/** What the offer was priced with when shown: its trigger's terms, or its funnel step as it was then. */
export async function pricingOf(db: Db, row: Row): Promise<OfferPricing> {
  if (row.terms) return row.terms;
  const found = await funnelVersion(db, row.funnelId!, row.funnelVersion!);
  return found?.funnel.steps.find((s) => s.id === row.stepId) ?? {};
}
