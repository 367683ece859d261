// What every step of an offer shares (offers.ts composes them): the database, the deps, the offer
// views, who may answer, where the shopper goes next, and the offer's lock with its settling.
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/connect';
import { preparedStatement } from '../../db/prepared-statement';
import { funnelOffers } from '../../db/funnel-schema';
import { orders } from '../../db/order-schema';
import { payments } from '../../db/payment-schema';
import type { OfferedMethod } from '../../payments/registry';
import { badRequest, conflict, notFound, ShopError } from '../errors';
import type { OrderRow } from '../orders/place-order';
import type { Currency } from '../pricing/currency';
import type { FunnelEvent, FunnelEvents } from './funnel-events';
import { stepAfter, stepPath } from './funnel-paths';
import type { LiveStep } from './funnel-store';
import type { createOfferViews } from './offer-view';
import { readOfferToken } from './offer-token';
import { claimedNow, lockOffer, settleOffer, type LockedOffer } from './offer-state';

/** How long an offer stays open once shown, when its step does not say (minutes). */
export const OFFER_MINUTES = 10;

export interface OfferDeps {
  key: Buffer;
  origin: string;
  method(code: string): Promise<OfferedMethod | undefined>;
  events: FunnelEvents;
  /** A currency of the shop and its base currency (the offer is priced in the main order's currency). */
  currency(code: string | undefined): Promise<{ currency: Currency; base: Currency }>;
  /** The buyer's A/B variant in the funnel (a split offer step assigns it after the main order). */
  stampOf(funnelId: number, visitorId: string): Promise<string | null>;
}

/** What the steps of an offer are given: the database, the deps and the offer views. */
export interface OfferKit {
  db: Db;
  deps: OfferDeps;
  views: ReturnType<typeof createOfferViews>;
}

/** How long an answer waits for another answer's claim to end before it is answered 409 (ms). */
const CLAIM_WAIT_MS = 3_000;
const CLAIM_POLL_MS = 25;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether a request comes from the buyer's own browser: the visitor (sakUUID) the main order was placed
 * from. A one-click charge of the buyer's saved payment is made only from there.
 */
export const isBuyer = (main: Pick<OrderRow, 'visitorId'>, visitorId: string | undefined) =>
  !!visitorId && !!main.visitorId && main.visitorId.toLowerCase() === visitorId.toLowerCase();

/** Another browser holding the order's token (shared links, Referer): refused, and sent to the thank-you page. */
export const notTheBuyer = (main: Pick<OrderRow, 'token'>) =>
  new ShopError('invalidPaymentRequest', 'This offer can only be answered in the browser the order was placed from.', {
    next: `/thankyou/${main.token}`,
    errors: [{ path: '/customerUUID', message: 'is not the visitor who placed the order', rule: 'visitor' }],
  });

/** An offer with its main order, its own order and the main order's payment that took the money. */
const offerByToken = preparedStatement((db) => {
  const offerOrder = alias(orders, 'offer_order');
  return db
    .select({ row: funnelOffers, main: orders, order: offerOrder, payment: payments })
    .from(funnelOffers)
    .innerJoin(orders, eq(orders.id, funnelOffers.mainOrderId))
    .leftJoin(offerOrder, eq(offerOrder.id, funnelOffers.orderId))
    .leftJoin(
      payments,
      and(
        eq(payments.orderId, funnelOffers.mainOrderId),
        sql`(${payments.status} = 'succeeded' or (${payments.status} = 'pending' and ${payments.reason} = 'voucher' and ${orders.status} = 'pending'))`,
      ),
    )
    .where(eq(funnelOffers.token, sql.placeholder('token')))
    .orderBy(desc(payments.id))
    .limit(1)
    .prepare('funnel_offer_by_token');
});

/** Where the shopper goes after answering the live step's offer. */
export function liveAfter(live: LiveStep, mainToken: string, answer: 'next' | 'onDecline') {
  const after = stepAfter(live.steps, live.step.id, answer);
  return after ? stepPath(live.funnel.handle, after.id, mainToken) : `/thankyou/${mainToken}`;
}

/**
 * The offer of a token with its main order, its own order and the main order's payment that took the
 * money, in one statement (the buyer waits on "pay now"); 400 for a token the shop did not sign.
 */
export async function findOffer({ db, deps }: OfferKit, token: string) {
  const signed = readOfferToken(deps.key, token);
  if (!signed)
    throw badRequest('This offer link is not valid.', {
      errors: [{ path: '/token', message: 'is not an offer of this shop', rule: 'offerToken' }],
    });
  const [found] = await offerByToken(db).execute({ token: signed.id });
  if (!found) throw notFound('There is no such offer.');
  return found;
}

/**
 * Runs `work` on the offer `id` locked (then its order) and settled with what became of its order, in one
 * transaction. While another answer's claim is being charged, it waits for it (briefly, polling without
 * holding anything) and then works on what the claim ended in; past the wait, `work` is told the offer
 * is `busy` (the claim is still there). The events recorded are announced once committed.
 */
export async function inOfferLock<T>(
  { db, deps }: OfferKit,
  id: string,
  mainToken: string,
  now: Date,
  work: (tx: Executor, locked: LockedOffer, busy: boolean, recorded: (event: FunnelEvent | null) => void) => Promise<T>,
  late = false,
): Promise<T> {
  const giveUpAt = Date.now() + CLAIM_WAIT_MS;
  for (;;) {
    const announced: FunnelEvent[] = [];
    const done = await db.transaction(async (tx) => {
      const locked = await lockOffer(tx, id);
      if (!locked) throw notFound('There is no such offer.');
      const settled = await settleOffer(tx, locked, mainToken, now, late);
      if (settled.event) announced.push(settled.event);
      locked.row = settled.row;
      const busy = claimedNow(locked.row);
      if (busy && Date.now() < giveUpAt) return null;
      return { value: await work(tx, locked, busy, (event) => event && announced.push(event)) };
    });
    for (const event of announced) deps.events.announce(event);
    if (done) return done.value;
    await pause(CLAIM_POLL_MS);
  }
}

export const ended = (next: string) =>
  new ShopError('paymentPeriodExpired', 'This offer has ended: it can no longer be accepted.', { next });
export const answeredMeanwhile = () =>
  conflict('This offer is being paid at this moment: try again in a moment to see how it ended.');
