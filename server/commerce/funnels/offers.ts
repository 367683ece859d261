// One-click offers after a funnel's main order (upsell, downsell; spec: upsell offered after the main
// order, pay now or decline, validity time checked).
//
// Showing an offer (the step's page is drawn with the main order's token): the payment method that paid
// the main order decides how the shopper may accept (the provider's `oneClickPath`, narrowed by the step's
// `oneClick`). An offer the shopper cannot accept in one action is never shown: it is recorded skipped
// (counted "ineligible") and the shopper goes to the step for a declined offer. Otherwise the offer's own
// order is placed pending, holding its stock, with the offer window as its payment window, and the offer
// gets a signed, single-use token: reloading the page shows the same offer with the same deadline.
//
// Answering it: a POST with the token. Accepting charges the offer's order with the main order's payment
// (the token is the charge's idempotency key), declining lets its order go (the stock back on the shelf).
// The first answer is stored: a refresh, the back button or a second click gets the same next step again,
// and the money is taken once. An offer left unanswered expires with its window (the order-expiry job
// gives its stock back); the main order is paid and confirmed already, so nothing waits on the funnel.
import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FunnelOffer, OfferAnswer, OfferValidity } from '../../../schemas/generated/api';
import type { FunnelStep } from '../../../schemas/generated/funnel';
import { queryRows, type Db } from '../../db/connect';
import { preparedStatement } from '../../db/prepared-statement';
import { funnelEvents, funnelOffers, orderLines, orders, payments, products, skus } from '../../db/schema';
import type { OneClickPath } from '../../payments/provider';
import type { OfferedMethod } from '../../payments/registry';
import { localize } from '../../../schemas/localized-text';
import { skuDetails, variantText } from '../catalog/sku-details';
import { badRequest, notFound, ShopError } from '../errors';
import { recordAnswer, type PayAnswer } from '../orders/pay-order';
import { paymentOutcome } from '../orders/payment-outcome';
import type { OrderContext, OrderRow } from '../orders/place-order';
import { findOrder } from '../orders/read-order';
import { cancelPendingOrder } from '../orders/release-orders';
import { giveBackStock, takeStock } from '../orders/take-stock';
import type { Currency } from '../pricing/currency';
import { moneyIn } from '../pricing/pricing';
import { lessPercent } from '../pricing/promotion-math';
import type { FunnelEvents } from './funnel-events';
import { funnelVersion, isOfferStep, pathAfterStep, stepAfter, stepPath } from './funnel-paths';
import type { LiveStep } from './funnel-store';
import { newOfferId, readOfferToken, signOffer } from './offer-token';

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

type OfferRow = typeof funnelOffers.$inferSelect;

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
  const path = method?.handler.oneClickPath?.(method.options) ?? null;
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
  /** Where the shopper goes after answering an offer of the funnel version it was shown in. */
  async function pathAfter(
    offer: Pick<OfferRow, 'funnelId' | 'funnelVersion' | 'stepId'>,
    mainToken: string,
    answer: 'next' | 'onDecline',
  ) {
    const after = await pathAfterStep(db, { id: offer.funnelId, version: offer.funnelVersion }, offer.stepId, mainToken, answer);
    return after ?? `/thankyou/${mainToken}`;
  }

  async function offerView(row: OfferRow, main: OrderRow, step: FunnelStep): Promise<FunnelOffer> {
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, row.orderId!));
    const [offerOrder] = await db.select().from(orders).where(eq(orders.id, row.orderId!));
    const details = (await skuDetails(db, [line!.skuId], main.locale)).get(line!.skuId)!;
    const currencyCode = offerOrder!.currencyCode!;
    const compareAt = line!.unitPrice !== offerOrder!.totalBase ? line!.unitPrice : null;
    return {
      token: signOffer(deps.key, row.token, row.expiresAt),
      stepId: row.stepId,
      type: step.type as 'upsell' | 'downsell',
      path: row.path!,
      status: row.status,
      expiresAt: row.expiresAt.toISOString(),
      orderToken: main.token!,
      product: {
        handle: details.handle,
        title: details.title,
        variant: variantText(details.options),
        image: details.image,
      },
      quantity: line!.quantity,
      price: { amount: offerOrder!.totals!.totalPrice, currencyCode },
      compareAtPrice: compareAt !== null ? { amount: line!.price ?? 0, currencyCode } : null,
      discountPercent: step.discount ?? 0,
      ...(row.path === 'sheet' ? await sheetOf(main) : {}),
      skuId: line!.skuId,
      ...(await choicesOf(line!.productId, line!.skuId, step, main)),
    };
  }

  /** The offer's price of a SKU's base price: less the step's discount, in the main order's currency. */
  async function offerPrice(basePrice: number, step: Pick<FunnelStep, 'discount'>, currencyCode: string | null) {
    const { currency, base } = await deps.currency(currencyCode ?? undefined);
    const baseAmount = lessPercent(basePrice, step.discount ?? 0);
    const { money } = moneyIn(currency, base);
    return { baseAmount, amount: money(baseAmount).amount, full: money(basePrice).amount, currencyCode: currency.code };
  }

  /** The product's SKUs the buyer may choose from (sizes, colours), when it has more than one. */
  async function choicesOf(
    productId: number,
    held: number,
    step: Pick<FunnelStep, 'discount'>,
    main: OrderRow,
  ): Promise<Pick<FunnelOffer, 'skus'>> {
    const rows = await db
      .select({ id: skus.id, stock: skus.stock })
      .from(skus)
      .where(eq(skus.productId, productId))
      .orderBy(asc(skus.id));
    if (rows.length < 2) return {};
    const details = await skuDetails(
      db,
      rows.map((r) => r.id),
      main.locale ?? 'en',
    );
    return {
      skus: await Promise.all(
        rows.map(async (r) => {
          const d = details.get(r.id)!;
          const price = await offerPrice(d.basePrice, step, main.currencyCode);
          return {
            id: r.id,
            variant: variantText(d.options),
            // The one held for the buyer is theirs whatever is left on the shelf.
            available: r.id === held || r.stock > 0,
            price: { amount: price.amount, currencyCode: price.currencyCode },
            compareAtPrice: price.full !== price.amount ? { amount: price.full, currencyCode: price.currencyCode } : null,
            image: d.image,
          };
        }),
      ),
    };
  }

  /**
   * The offer taken in another SKU of its product (another size): the held unit goes back, one of the
   * new SKU is held (5003 when it is sold out, and nothing changes), and the offer's order is priced anew.
   */
  async function chooseSku(row: OfferRow, order: OrderRow, skuId: number): Promise<OrderRow> {
    const [held] = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    if (!held || held.skuId === skuId) return order;
    const details = (await skuDetails(db, [skuId], order.locale ?? 'en')).get(skuId);
    if (!details || details.productId !== held.productId || details.status !== 'active')
      throw badRequest('This is not one of the offered product’s choices.', {
        errors: [{ path: '/skuId', message: 'is not a SKU of the offered product', rule: 'offerSku' }],
      });
    const found = await funnelVersion(db, row.funnelId, row.funnelVersion);
    const step = found?.funnel.steps.find((s) => s.id === row.stepId) ?? {};
    const price = await offerPrice(details.basePrice, step, order.currencyCode);
    return db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      // The line locked and read again: two answers at once (a double click) change it once.
      const [line] = await tx.select().from(orderLines).where(eq(orderLines.id, held.id)).for('update');
      if (!line || line.skuId === skuId) {
        const [now] = await tx.select().from(orders).where(eq(orders.id, order.id));
        return now!;
      }
      await giveBackStock(tx, [order.id]);
      await tx
        .update(orderLines)
        .set({
          skuId,
          unitPrice: details.basePrice,
          title: details.title,
          variant: variantText(details.options),
          image: details.imageFile,
          price: price.full,
          total: price.amount,
        })
        .where(eq(orderLines.id, line.id));
      await takeStock(tx, [{ skuId, quantity: line.quantity }]);
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
        .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
        .returning();
      return priced!;
    });
  }

  /** The wallet whose sheet approves a sheet offer: its code and its name. */
  async function sheetOf(main: OrderRow): Promise<Pick<FunnelOffer, 'method' | 'methodName'>> {
    const code = main.paymentMethod ?? '';
    const method = code ? await deps.method(code) : undefined;
    return { method: code, methodName: method ? localize(method.name, main.locale ?? 'en') : code };
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
    const { baseAmount, amount, full } = await offerPrice(details.basePrice, step, main.currencyCode);
    const expiresAt = new Date(context.now.getTime() + (step.minutes ?? OFFER_MINUTES) * 60_000);
    const id = newOfferId();
    const variant = main.variant;
    try {
      return await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
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
        // Accepted at the bank meanwhile (the redirect path): its order is paid, the buyer goes on.
        const paidNext = existing.status === 'shown' ? await paidOffer(existing) : null;
        if (paidNext) return { redirect: paidNext };
        if (existing.status === 'shown' && existing.expiresAt > context.now)
          return { offer: await offerView(existing, main, live.step) };
        if (existing.status === 'shown') return { redirect: await expire(existing, main) };
        return { redirect: existing.next ?? (await pathAfter(existing, main.token!, 'onDecline')) };
      }
      // A paid main order has a payment to charge again; one waiting for its voucher takes the offer on
      // (a bank still pending cannot take more).
      const payment = await payableWith(db, main);
      const path = payment ? oneClickPathFor(await deps.method(payment.method), live.step) : null;
      if (!path) return skip(main, live, visitorId, 'ineligible');
      const placed = await placeOffer(main, live, path, context);
      if (placed === 'soldOut') return skip(main, live, visitorId, 'soldOut');
      if (placed !== 'taken') return { offer: await offerView(placed, main, live.step) };
    }
    throw new ShopError('tryAgainLater', 'The offer is being prepared: try again in a moment.');
  }

  /** An offer whose order was paid on the provider's page (a bank): recorded accepted; where the buyer goes. */
  async function paidOffer(row: OfferRow): Promise<string | null> {
    if (!row.orderId) return null;
    const [order] = await db
      .select({ status: orders.status, next: orders.funnelNext })
      .from(orders)
      .where(eq(orders.id, row.orderId));
    if (order?.status !== 'paid' || !order.next) return null;
    await db
      .update(funnelOffers)
      .set({ status: 'accepted', next: order.next, answeredAt: new Date() })
      .where(and(eq(funnelOffers.token, row.token), eq(funnelOffers.status, 'shown')));
    return order.next;
  }

  /** An offer whose window closed: its order lets go of its stock; the shopper goes on as if declined. */
  async function expire(row: OfferRow, main: OrderRow): Promise<string> {
    const next = await pathAfter(row, main.token!, 'onDecline');
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const [moved] = await tx
        .update(funnelOffers)
        .set({ status: 'expired', next, answeredAt: new Date() })
        .where(and(eq(funnelOffers.token, row.token), eq(funnelOffers.status, 'shown')))
        .returning();
      if (moved?.orderId) await cancelPendingOrder(tx, moved.orderId);
    });
    return next;
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

  return {
    show,

    /** validateTime: whether the offer can still be accepted, and until when (the server's clock). */
    async validity(token: string, now = new Date()): Promise<OfferValidity> {
      const { row } = await find(token);
      const open = row.status === 'shown' && row.expiresAt > now;
      return {
        valid: open,
        status: open || row.status !== 'shown' ? row.status : 'expired',
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
      const { row, main, payment, ...found } = await find(token);
      let order = found.order;
      if (row.status !== 'shown') return { answer: { status: row.status, next: row.next! } };
      if (row.expiresAt <= context.now) throw ended(await expire(row, main));
      const method = payment ? await deps.method(payment.method) : undefined;
      if (!payment || !method)
        throw new ShopError('paymentMethodError', 'The payment of the main order cannot be charged again.');
      if (row.path === 'sheet' && !input.paymentToken)
        throw badRequest('Approve the payment in the wallet first.', {
          errors: [{ path: '/paymentToken', message: 'is required for a wallet sheet', rule: 'required' }],
        });
      // Another size or colour than the one held: taken in that one (priced anew) before it is charged.
      if (input.skuId) order = await chooseSku(row, order!, input.skuId);
      const idempotencyKey = `offer:${row.token}`;
      const request = {
        method: method.code,
        options: method.options,
        orderNumber: order!.number!,
        orderToken: order!.token!,
        amount: order!.totals!.totalPrice,
        currencyCode: order!.currencyCode!,
        origin: deps.origin,
        locale: context.locale,
        email: order!.email ?? undefined,
        shippingAddress: order!.shippingAddress,
        idempotencyKey,
        ...(row.path === 'sheet' ? { paymentToken: input.paymentToken } : {}),
        ...(payment.bank ? { bank: payment.bank } : {}),
      };
      const cannot = { status: 'failed', decline: 'paymentError', reference: '' } as const;
      const result =
        row.path === 'charge'
          ? method.handler.chargeAgain
            ? await method.handler.chargeAgain(payment.providerReference!, request)
            : cannot
          : row.path === 'add'
            ? method.handler.addToPending
              ? await method.handler.addToPending(payment.providerReference!, request)
              : cannot
            : await method.handler.createPayment(request);
      const paid = await recordAnswer(
        db,
        { order: order!, method, idempotencyKey, ...(payment.bank ? { bank: payment.bank } : {}) },
        result,
        context,
        async () => {
          const [first] = await db.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey));
          const [now] = await db.select().from(orders).where(eq(orders.id, row.orderId!));
          return { order: now!, payment: first!, newlyPaid: false };
        },
      );
      // Added to the main order's voucher: the offer's order waits with it (until the voucher's own
      // deadline) and is paid when the store is.
      const added = row.path === 'add' && paid.order.status === 'pending' && paid.payment.status === 'pending';
      if (added && main.expiresAt)
        await db
          .update(orders)
          .set({ expiresAt: main.expiresAt })
          .where(and(eq(orders.id, paid.order.id), eq(orders.status, 'pending')));
      const outcome = paymentOutcome(paid.order, paid.payment);
      if (paid.order.status !== 'paid' && !added) return { answer: { status: 'shown', next: outcome.next }, paid };
      // The offer answered and its UpsellYes recorded in one statement (once, whoever answered first).
      const event = {
        funnelId: row.funnelId,
        stepId: row.stepId,
        variant: main.variant,
        visitorId: visitorId ?? main.visitorId ?? '',
        type: 'UpsellYes' as const,
        orderId: order!.id,
        amountBase: order!.totalBase,
      };
      const [moved] = await queryRows<{ id: number }>(
        db,
        sql`with moved as (
              update ${funnelOffers} set status = 'accepted', next = ${outcome.next}, answered_at = ${context.now.toISOString()}
              where token = ${row.token} and status = 'shown' returning 1)
            insert into ${funnelEvents} (funnel_id, step_id, variant, visitor_id, type, order_id, amount_base)
            select ${event.funnelId}, ${event.stepId}, ${event.variant}, ${event.visitorId}, ${event.type}, ${event.orderId}, ${event.amountBase}
            where exists (select 1 from moved) returning id`,
      );
      if (moved) deps.events.announce(event);
      return { answer: { status: 'accepted', next: outcome.next, orderToken: paid.order.token! }, paid };
    },

    /** Declines an offer: its order lets go of its stock; answered once, replayed after. */
    async decline(token: string, visitorId?: string): Promise<OfferAnswer> {
      const { row, main } = await find(token);
      if (row.status !== 'shown') return { status: row.status, next: row.next! };
      const next = await pathAfter(row, main.token!, 'onDecline');
      const moved = await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const [answered] = await tx
          .update(funnelOffers)
          .set({ status: 'declined', next, answeredAt: new Date() })
          .where(and(eq(funnelOffers.token, row.token), eq(funnelOffers.status, 'shown')))
          .returning();
        if (answered?.orderId) await cancelPendingOrder(tx, answered.orderId);
        return answered;
      });
      if (!moved) {
        const [now] = await db.select().from(funnelOffers).where(eq(funnelOffers.token, row.token));
        return { status: now!.status, next: now!.next! };
      }
      await deps.events.record({
        funnelId: row.funnelId,
        stepId: row.stepId,
        variant: main.variant,
        visitorId: visitorId ?? main.visitorId ?? '',
        type: 'UpsellNo',
        orderId: main.id,
      });
      return { status: 'declined', next };
    },

    /** The job: offers whose window closed unanswered are expired (their orders expire with them). */
    async expireOffers(now = new Date()): Promise<number> {
      const moved = await db
        .update(funnelOffers)
        .set({ status: 'expired', answeredAt: now })
        .where(
          and(
            eq(funnelOffers.status, 'shown'),
            lt(funnelOffers.expiresAt, now),
            sql`not exists (select 1 from orders o where o.id = ${funnelOffers.orderId} and o.status = 'paid')`,
          ),
        )
        .returning({ token: funnelOffers.token });
      return moved.length;
    },
  };
}

class OfferTaken extends Error {}

export type Offers = ReturnType<typeof createOffers>;
