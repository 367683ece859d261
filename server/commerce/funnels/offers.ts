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
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FunnelOffer, OfferAnswer, OfferValidity } from '../../../schemas/generated/api';
import type { FunnelStep } from '../../../schemas/generated/funnel';
import type { Db, Executor } from '../../db/connect';
import { preparedStatement } from '../../db/prepared-statement';
import { funnelOffers, orderLines, orders, payments, products, skus } from '../../db/schema';
import type { OneClickPath } from '../../payments/provider';
import { takes } from '../../payments/method-use';
import type { OfferedMethod } from '../../payments/registry';
import { skuDetails, variantText } from '../catalog/sku-details';
import { badRequest, conflict, notFound, ShopError } from '../errors';
import { recordAnswer, type PayAnswer } from '../orders/pay-order';
import { paymentOutcome } from '../orders/payment-outcome';
import type { OrderContext, OrderRow } from '../orders/place-order';
import { findOrder } from '../orders/read-order';
import { cancelPendingOrder } from '../orders/release-orders';
import { giveBackStock, takeStock } from '../orders/take-stock';
import type { Currency } from '../pricing/currency';
import type { FunnelEvent, FunnelEvents } from './funnel-events';
import { funnelVersion, isOfferStep, stepAfter, stepPath } from './funnel-paths';
import type { LiveStep } from './funnel-store';
import { createOfferViews, shownStatus } from './offer-view';
import { chargeKey, claimAtOnce, letClaimGo, paymentWaits, recordAccepted, type Claimed } from './offer-claims';
import { newOfferId, readOfferToken } from './offer-token';
import {
  CLAIM_HOLD_MS,
  claimedNow,
  expireDueOffers,
  lockOffer,
  moveOffer,
  pathAfterOffer,
  settleOffer,
  type LockedOffer,
  type OfferRow,
} from './offer-state';

/** How long an offer stays open once shown, when its step does not say (minutes). */
export const OFFER_MINUTES = 10;
const ALL_PATHS: readonly OneClickPath[] = ['charge', 'sheet', 'redirect', 'add'];

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
const notTheBuyer = (main: Pick<OrderRow, 'token'>) =>
  new ShopError('invalidPaymentRequest', 'This offer can only be answered in the browser the order was placed from.', {
    next: `/thankyou/${main.token}`,
    errors: [{ path: '/customerUUID', message: 'is not the visitor who placed the order', rule: 'visitor' }],
  });

/** Why an offer was not shown: answered as where the shopper goes instead. */
export type ShownOffer = { offer: FunnelOffer } | { redirect: string };

/**
 * The main order's payment an offer goes with: the one that took the money (the latest succeeded), or
 * while the order waits for it, a voucher still to be paid at a store (an offer is added to it).
 */
async function payableWith(db: Db, main: OrderRow) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, main.id),
        main.status === 'paid'
          ? eq(payments.status, 'succeeded')
          : sql`${payments.status} = 'pending' and ${payments.reason} = 'voucher'`,
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return main.status === 'paid' || main.status === 'pending' ? (payment ?? null) : null;
}

/** The path a shopper of this payment may take to accept, within what the step allows; null: none. */
export function oneClickPathFor(method: OfferedMethod | undefined, step: Pick<FunnelStep, 'oneClick'>): OneClickPath | null {
  // Only a method the funnels take is charged again (method-use.ts: one table for every pay path).
  const path = method && takes(method, 'offer') ? (method.handler.oneClickPath?.(method.options) ?? null) : null;
  const allowed = step.oneClick ?? ALL_PATHS;
  return path && allowed.includes(path) ? path : null;
}

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

export function createOffers(db: Db, deps: OfferDeps) {
  const views = createOfferViews(db, deps);
  /**
   * Runs `work` on the offer `id` locked (then its order) and settled with what became of its order, in one
   * transaction. While another answer's claim is being charged, it waits for it (briefly, polling without
   * holding anything) and then works on what the claim ended in; past the wait, `work` is told the offer
   * is `busy` (the claim is still there). The events recorded are announced once committed.
   */
  async function inOfferLock<T>(
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

  /**
   * Another SKU of the offered product (another size), priced as an offer (read before the offer is
   * locked: the catalog holds no lock); 400 when it is not one of the product's choices.
   */
  async function skuChoice(row: OfferRow, order: OrderRow, skuId: number) {
    const details = (await skuDetails(db, [skuId], order.locale ?? 'en')).get(skuId);
    const [held] = await db.select({ productId: orderLines.productId }).from(orderLines).where(eq(orderLines.orderId, order.id));
    if (!details || details.productId !== held?.productId || details.status !== 'active')
      throw badRequest('This is not one of the offered product’s choices.', {
        errors: [{ path: '/skuId', message: 'is not a SKU of the offered product', rule: 'offerSku' }],
      });
    const found = await funnelVersion(db, row.funnelId, row.funnelVersion);
    const step = found?.funnel.steps.find((s) => s.id === row.stepId) ?? {};
    return { skuId, details, price: await views.price(details.basePrice, step, order.currencyCode) };
  }

  /**
   * The locked offer's order taken in another SKU: the held unit goes back, one of the new SKU is held
   * (5003 when it is sold out: the transaction rolls back, nothing changed), and the order is priced anew.
   * Both SKUs are locked first, by id (the lock order of offers.ts).
   */
  async function swapSku(tx: Executor, order: OrderRow, choice: Awaited<ReturnType<typeof skuChoice>>): Promise<OrderRow> {
    const [line] = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    if (!line || line.skuId === choice.skuId) return order;
    await tx
      .select({ id: skus.id })
      .from(skus)
      .where(inArray(skus.id, [line.skuId, choice.skuId]))
      .orderBy(asc(skus.id))
      .for('no key update');
    await giveBackStock(tx, [order.id]);
    const { details, price } = choice;
    await tx
      .update(orderLines)
      .set({
        skuId: choice.skuId,
        unitPrice: details.basePrice,
        title: details.title,
        variant: variantText(details.options),
        image: details.imageFile,
        price: price.full,
        total: price.amount,
      })
      .where(eq(orderLines.id, line.id));
    await takeStock(tx, [{ skuId: choice.skuId, quantity: line.quantity }]);
    const [priced] = await tx
      .update(orders)
      .set({
        totals: {
          ...order.totals!,
          totalLineItemsPrice: price.amount,
          subtotalPrice: price.amount,
          totalPrice: price.amount,
        },
        totalBase: price.baseAmount,
      })
      .where(eq(orders.id, order.id))
      .returning();
    return priced!;
  }

  /** Places the offer's order (pending, holding its stock) and its row; null when the product is sold out. */
  async function placeOffer(
    main: OrderRow,
    live: LiveStep,
    path: OneClickPath,
    context: OrderContext,
  ): Promise<OfferRow | 'soldOut' | 'taken'> {
    const step = live.step;
    const [sku] = await db
      .select({ id: skus.id })
      .from(skus)
      .innerJoin(products, eq(products.id, skus.productId))
      .where(and(eq(products.handle, step.product!), eq(products.status, 'active'), gt(skus.stock, 0)))
      .orderBy(asc(skus.id))
      .limit(1);
    if (!sku) return 'soldOut';
    // Its title, options in words and image, and its price (one read, as a checkout line's).
    const details = (await skuDetails(db, [sku.id], main.locale)).get(sku.id)!;
    const { baseAmount, amount, full } = await views.price(details.basePrice, step, main.currencyCode);
    const expiresAt = new Date(context.now.getTime() + (step.minutes ?? OFFER_MINUTES) * 60_000);
    const id = newOfferId();
    const variant = main.variant;
    try {
      return await db.transaction(async (tx) => {
        const [offer] = await tx
          .insert(funnelOffers)
          .values({
            token: id,
            funnelId: live.funnel.id,
            funnelVersion: live.funnel.version,
            stepId: step.id,
            mainOrderId: main.id,
            path,
            expiresAt,
          })
          .onConflictDoNothing()
          .returning();
        // Shown at the same moment by another request (two tabs): that one is the offer.
        if (!offer) throw new OfferTaken();
        const accepted = liveAfter(live, main.token!, 'next');
        const [order] = await tx
          .insert(orders)
          .values({
            token: newOfferId(),
            status: 'pending',
            visitorId: main.visitorId,
            email: main.email,
            locale: main.locale,
            currencyCode: context.currency.code,
            // Sent with the main order: the offer adds no shipping of its own.
            totals: {
              totalLineItemsPrice: amount,
              totalPromotion: 0,
              totalCoupon: 0,
              totalDiscounts: 0,
              subtotalPrice: amount,
              totalShippingPrice: 0,
              shippingInsurancePrice: 0,
              tipPrice: 0,
              totalPrice: amount,
            },
            totalBase: baseAmount,
            shippingAddress: main.shippingAddress,
            billingAddress: main.billingAddress,
            shippingTemplateId: main.shippingTemplateId,
            acceptsMarketing: main.acceptsMarketing,
            expiresAt,
            funnelId: live.funnel.id,
            funnelStep: step.id,
            variant,
            funnelNext: accepted,
            parentOrderId: main.id,
            createdAt: context.now,
          })
          .returning();
        await tx.insert(orderLines).values({
          orderId: order!.id,
          productId: details.productId,
          skuId: sku.id,
          quantity: 1,
          unitPrice: details.basePrice,
          title: details.title,
          variant: variantText(details.options),
          image: details.imageFile,
          price: full,
          total: amount,
        });
        await takeStock(tx, [{ skuId: sku.id, quantity: 1 }]);
        const [shown] = await tx.update(funnelOffers).set({ orderId: order!.id }).where(eq(funnelOffers.token, id)).returning();
        return shown!;
      });
    } catch (error) {
      if (error instanceof OfferTaken) return 'taken';
      if (error instanceof ShopError && error.error === 'cannotAddToCart') return 'soldOut';
      throw error;
    }
  }

  /** Where the shopper goes after answering the live step's offer. */
  function liveAfter(live: LiveStep, mainToken: string, answer: 'next' | 'onDecline') {
    const after = stepAfter(live.steps, live.step.id, answer);
    return after ? stepPath(live.funnel.handle, after.id, mainToken) : `/thankyou/${mainToken}`;
  }

  /** Records an offer that is not shown, once, and answers where the shopper goes instead. */
  async function skip(main: OrderRow, live: LiveStep, visitorId: string | undefined, why: 'ineligible' | 'soldOut') {
    const next = liveAfter(live, main.token!, 'onDecline');
    const [skipped] = await db
      .insert(funnelOffers)
      .values({
        token: newOfferId(),
        funnelId: live.funnel.id,
        funnelVersion: live.funnel.version,
        stepId: live.step.id,
        mainOrderId: main.id,
        status: 'skipped',
        next,
        expiresAt: new Date(),
        answeredAt: new Date(),
      })
      .onConflictDoNothing()
      .returning();
    if (skipped && why === 'ineligible')
      await deps.events.record({
        funnelId: live.funnel.id,
        stepId: live.step.id,
        variant: main.variant,
        visitorId: visitorId ?? main.visitorId ?? '',
        type: 'ineligible',
        orderId: main.id,
      });
    return { redirect: next };
  }

  /** The offer of step `live` for the main order `orderToken`: shown (placed the first time), or where to go instead. */
  async function show(
    live: LiveStep,
    orderToken: string,
    shown: Pick<OrderContext, 'locale' | 'now'>,
    visitorId?: string,
  ): Promise<ShownOffer> {
    if (!isOfferStep(live.step)) throw badRequest(`The step "${live.step.id}" is not an offer.`);
    const main = await findOrder(db, orderToken);
    if (main.funnelId !== live.funnel.id || main.parentOrderId !== null)
      throw notFound('This order was not bought in this funnel.');
    // Another browser with the order's token (a shared thank-you link): no offer is shown, nothing is
    // placed or recorded; it goes to the order's thank-you page.
    if (!isBuyer(main, visitorId)) return { redirect: `/thankyou/${main.token}` };
    const context: OrderContext = { ...shown, ...(await deps.currency(main.currencyCode ?? undefined)) };
    // A split offer step assigns its variant after the main order: the main order is stamped with it
    // now, so the variant's figures count the whole funnel (the main order and every offer after it).
    const stamp = main.visitorId ? await deps.stampOf(live.funnel.id, main.visitorId) : null;
    if (stamp && !main.variant) {
      await db
        .update(orders)
        .set({ variant: stamp })
        .where(and(eq(orders.id, main.id), isNull(orders.variant)));
      main.variant = stamp;
    }
    for (let attempt = 0; attempt < 2; attempt++) {
      const [existing] = await db
        .select()
        .from(funnelOffers)
        .where(and(eq(funnelOffers.mainOrderId, main.id), eq(funnelOffers.stepId, live.step.id)));
      if (existing) {
        // Settled under its lock first: accepted at the bank meanwhile (its order paid), or past its window
        // (expired, its stock back); a claim being charged is waited for.
        const row = await inOfferLock(
          existing.token,
          main.token!,
          context.now,
          async (tx, { row }) =>
            row.status === 'shown' || row.status === 'accepting' || row.next
              ? row
              : { ...row, next: await pathAfterOffer(tx, row, main.token!, 'onDecline') },
          true,
        );
        if (row.status === 'shown' || row.status === 'accepting') return { offer: await views.view(row, main, live.step) };
        return { redirect: row.next! };
      }
      // A paid main order has a payment to charge again; one waiting for its voucher takes the offer on
      // (a bank still pending cannot take more).
      const payment = await payableWith(db, main);
      const path = payment ? oneClickPathFor(await deps.method(payment.method), live.step) : null;
      if (!path) return skip(main, live, visitorId, 'ineligible');
      const placed = await placeOffer(main, live, path, context);
      if (placed === 'soldOut') return skip(main, live, visitorId, 'soldOut');
      if (placed !== 'taken') return { offer: await views.view(placed, main, live.step) };
    }
    throw new ShopError('tryAgainLater', 'The offer is being prepared: try again in a moment.');
  }

  /**
   * The offer of a token with its main order, its own order and the main order's payment that took the
   * money, in one statement (the buyer waits on "pay now"); 400 for a token the shop did not sign.
   */
  async function find(token: string) {
    const signed = readOfferToken(deps.key, token);
    if (!signed)
      throw badRequest('This offer link is not valid.', {
        errors: [{ path: '/token', message: 'is not an offer of this shop', rule: 'offerToken' }],
      });
    const [found] = await offerByToken(db).execute({ token: signed.id });
    if (!found) throw notFound('There is no such offer.');
    return found;
  }

  const ended = (next: string) =>
    new ShopError('paymentPeriodExpired', 'This offer has ended: it can no longer be accepted.', { next });
  const answeredMeanwhile = () => conflict('This offer is being paid at this moment: try again in a moment to see how it ended.');

  return {
    show,

    /** validateTime: whether the offer can still be accepted, and until when (the server's clock). */
    async validity(token: string, now = new Date()): Promise<OfferValidity> {
      const { row } = await find(token);
      const status = shownStatus(row.status);
      const open = status === 'shown' && row.expiresAt > now;
      return {
        valid: open,
        status: open || status !== 'shown' ? status : 'expired',
        expiresAt: row.expiresAt.toISOString(),
        secondsLeft: open ? Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000) : 0,
        serverTime: now.toISOString(),
      };
    },

    /**
     * Accepts an offer: charged with the main order's payment (or, for a sheet wallet, the approval of its
     * one tap; for a bank, on the bank's page). Answered once; any later answer replays the first.
     */
    async accept(
      token: string,
      input: { paymentToken?: string; skuId?: number },
      context: Pick<OrderContext, 'now' | 'locale'>,
      visitorId?: string,
    ): Promise<{ answer: OfferAnswer; paid?: PayAnswer }> {
      const { row: found, main, payment, order: held } = await find(token);
      if (!isBuyer(main, visitorId)) throw notTheBuyer(main);
      const method = payment ? await deps.method(payment.method) : undefined;
      // Another size or colour than the one held: found and priced before the offer is locked.
      const choice = input.skuId && held ? await skuChoice(found, held, input.skuId) : null;

      // The claim: in one locked transaction, the offer's state checked, the SKU fixed and priced, and the
      // offer moved to `accepting` (its order kept from the order-expiry job while it is charged).
      const atOnce =
        !choice && payment && method && held && takes(method, 'offer') && (found.path !== 'sheet' || input.paymentToken)
          ? await claimAtOnce(db, found, held, context.now)
          : null;
      const claim = atOnce
        ? { claim: atOnce }
        : await inOfferLock<{ ended: string } | { answer: OfferAnswer } | { claim: Claimed }>(
            found.token,
            main.token!,
            context.now,
            async (tx, locked, busy) => {
              const { row, order } = locked;
              if (busy) throw answeredMeanwhile();
              if (row.status === 'expired')
                return { ended: row.next ?? (await pathAfterOffer(tx, row, main.token!, 'onDecline')) };
              if (row.status !== 'shown' && row.status !== 'accepting')
                return { answer: { status: row.status, next: row.next! } as OfferAnswer };
              // `accepting` here is a claim left by a process that stopped: taken over as it stands (its SKU and
              // amount fixed, the same idempotency key), whatever the window says.
              const takeover = row.status === 'accepting';
              if (!takeover && row.expiresAt <= context.now) {
                const next = await pathAfterOffer(tx, row, main.token!, 'onDecline');
                await moveOffer(tx, locked, 'expired', next, context.now);
                if (order) await cancelPendingOrder(tx, order.id);
                return { ended: next };
              }
              // A method the funnels no longer take is not charged again (method-use.ts), unless a claim it made
              // is taken over (that charge may have gone through: its key replays it).
              if (!payment || !method || !order || (!takeover && !takes(method, 'offer')))
                throw new ShopError('paymentMethodError', 'The payment of the main order cannot be charged again.');
              if (row.path === 'sheet' && !input.paymentToken)
                throw badRequest('Approve the payment in the wallet first.', {
                  errors: [{ path: '/paymentToken', message: 'is required for a wallet sheet', rule: 'required' }],
                });
              let claimed = order;
              // The line is read only when another size is asked for (the buyer waits on "pay now").
              const [line] = choice ? await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)) : [];
              if (choice && line && line.skuId !== choice.skuId) {
                // What a charge under way or a payment still waiting will take is fixed: not another size now.
                if (takeover || (await paymentWaits(tx, order.id)))
                  throw conflict('This offer is being paid in the size chosen first: it cannot change now.');
                claimed = await swapSku(tx, order, choice);
              }
              const key = await chargeKey(tx, row, order.id);
              const claimedAt = new Date();
              await tx
                .update(funnelOffers)
                .set({ status: 'accepting', answeredAt: claimedAt })
                .where(eq(funnelOffers.token, row.token));
              const holdUntil = new Date(claimedAt.getTime() + CLAIM_HOLD_MS);
              let heldUntil: Date | null = null;
              if (!claimed.expiresAt || claimed.expiresAt < holdUntil) {
                await tx.update(orders).set({ expiresAt: holdUntil }).where(eq(orders.id, order.id));
                claimed = { ...claimed, expiresAt: holdUntil };
                heldUntil = holdUntil;
              }
              return { claim: { order: claimed, key, claimedAt, heldUntil, path: row.path } };
            },
          );
      if ('ended' in claim) throw ended(claim.ended);
      if ('answer' in claim) return { answer: claim.answer };

      // Only the claimant charges: exactly the order's total as the claim priced it.
      const { order, key: idempotencyKey, claimedAt, heldUntil, path } = claim.claim;
      const request = {
        method: method!.code,
        options: method!.options,
        orderNumber: order.number!,
        orderToken: order.token!,
        amount: order.totals!.totalPrice,
        currencyCode: order.currencyCode!,
        origin: deps.origin,
        locale: context.locale,
        email: order.email ?? undefined,
        shippingAddress: order.shippingAddress,
        idempotencyKey,
        ...(path === 'sheet' ? { paymentToken: input.paymentToken } : {}),
        ...(payment!.bank ? { bank: payment!.bank } : {}),
      };
      const handler = method!.handler;
      const cannot = { status: 'failed', decline: 'paymentError', reference: '' } as const;
      // A provider that fails to answer (it throws) leaves the claim: whether it charged is unknown, so the
      // offer waits until the claim is old enough to be taken over with the same key (CLAIM_MS).
      const result =
        path === 'charge'
          ? handler.chargeAgain
            ? await handler.chargeAgain(payment!.providerReference!, request)
            : cannot
          : path === 'add'
            ? handler.addToPending
              ? await handler.addToPending(payment!.providerReference!, request)
              : cannot
            : await handler.createPayment(request);
      let paid: PayAnswer;
      try {
        paid = await recordAnswer(
          db,
          { order, method: method!, idempotencyKey, ...(payment!.bank ? { bank: payment!.bank } : {}) },
          result,
          context,
          async () => {
            const [first] = await db.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey));
            const [now] = await db.select().from(orders).where(eq(orders.id, order.id));
            return { order: now!, payment: first!, newlyPaid: false };
          },
        );
      } catch (error) {
        // Declined (recorded: the buyer may try again), or paid when the order could no longer take it
        // (refunded): no money kept, the claim is let go.
        await letClaimGo(db, found.token, claimedAt, heldUntil);
        throw error;
      }
      // Added to the main order's voucher: the offer's order waits with it (until the voucher's own
      // deadline) and is paid when the store is.
      const added = path === 'add' && paid.order.status === 'pending' && paid.payment.status === 'pending';
      if (added && main.expiresAt)
        await db
          .update(orders)
          .set({ expiresAt: main.expiresAt })
          .where(and(eq(orders.id, paid.order.id), eq(orders.status, 'pending')));
      const outcome = paymentOutcome(paid.order, paid.payment);
      if (paid.order.status !== 'paid' && !added) {
        // Waiting for the shopper at the provider (a bank's page): the offer is shown again meanwhile; the
        // payment settles its order (then the offer is accepted when next read).
        await letClaimGo(db, found.token, claimedAt, heldUntil);
        return { answer: { status: 'shown', next: outcome.next }, paid };
      }
      const accepted = await recordAccepted(db, found.token, outcome.next, context.now);
      if (accepted) deps.events.announce(accepted);
      return { answer: { status: 'accepted', next: outcome.next, orderToken: paid.order.token! }, paid };
    },

    /** Declines an offer: its order lets go of its stock (once); answered once, replayed after. */
    async decline(token: string, visitorId?: string): Promise<OfferAnswer> {
      const { row: found, main } = await find(token);
      if (!isBuyer(main, visitorId)) throw notTheBuyer(main);
      const now = new Date();
      return inOfferLock(found.token, main.token!, now, async (tx, locked, busy, recorded) => {
        const { row, order } = locked;
        // Being charged (paid, perhaps): a decline now could not say what the buyer gets.
        if (busy) throw answeredMeanwhile();
        if (row.status !== 'shown' && row.status !== 'accepting')
          return {
            status: row.status,
            next: row.next ?? (await pathAfterOffer(tx, row, main.token!, 'onDecline')),
          } as OfferAnswer;
        // Shown, or a claim left by a process that stopped (a charge it made is refunded when recorded).
        const next = await pathAfterOffer(tx, row, main.token!, 'onDecline');
        recorded((await moveOffer(tx, locked, 'declined', next, now)).event);
        if (order) await cancelPendingOrder(tx, order.id);
        return { status: 'declined', next };
      });
    },

    /** The job: offers whose window closed unanswered are expired (their orders let go with them). */
    async expireOffers(now = new Date()): Promise<number> {
      const { expired, events } = await expireDueOffers(db, now);
      for (const event of events) deps.events.announce(event);
      return expired;
    },
  };
}

class OfferTaken extends Error {}

export type Offers = ReturnType<typeof createOffers>;
