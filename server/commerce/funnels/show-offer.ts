// Showing an offer: the step's page drawn with the main order's token in the buyer's browser. The
// payment that paid the main order decides how the shopper may accept; an offer that cannot be accepted
// in one action is recorded skipped and never shown. Otherwise its own order is placed pending, holding
// its stock, and the offer gets a signed single-use token (offers.ts tells the whole story).
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FunnelStep } from '../../../schemas/generated/funnel';
import type { Db } from '../../db/connect';
import { funnelOffers, orderLines, orders, payments, products, skus } from '../../db/schema';
import type { OneClickPath } from '../../payments/provider';
import { takes } from '../../payments/method-use';
import type { OfferedMethod } from '../../payments/registry';
import { skuDetails, variantText } from '../catalog/sku-details';
import { badRequest, notFound, ShopError } from '../errors';
import type { OrderContext, OrderRow } from '../orders/place-order';
import { findOrder } from '../orders/read-order';
import { takeStock } from '../orders/take-stock';
import { copyOrderTouches } from '../attribution/order-touches';
import type { FunnelOffer } from '../../../schemas/generated/api';
import { isOfferStep } from './funnel-paths';
import type { LiveStep } from './funnel-store';
import { inOfferLock, isBuyer, liveAfter, OFFER_MINUTES, type OfferKit } from './offer-kit';
import { newOfferId } from './offer-token';
import { pathAfterOffer, type OfferRow } from './offer-state';

const ALL_PATHS: readonly OneClickPath[] = ['charge', 'sheet', 'redirect', 'add'];

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

/** Places the offer's order (pending, holding its stock) and its row; null when the product is sold out. */
async function placeOffer(
  { db, views }: OfferKit,
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
      // Bought on the main order's campaign touches (docs/tracking.md#campaign-attribution).
      await copyOrderTouches(tx, main.id, order!.id);
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

/** Records an offer that is not shown, once, and answers where the shopper goes instead. */
async function skip(
  { db, deps }: OfferKit,
  main: OrderRow,
  live: LiveStep,
  visitorId: string | undefined,
  why: 'ineligible' | 'soldOut',
) {
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
export async function showOffer(
  kit: OfferKit,
  live: LiveStep,
  orderToken: string,
  shown: Pick<OrderContext, 'locale' | 'now'>,
  visitorId?: string,
): Promise<ShownOffer> {
  const { db, deps, views } = kit;
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
        kit,
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
    if (!path) return skip(kit, main, live, visitorId, 'ineligible');
    const placed = await placeOffer(kit, main, live, path, context);
    if (placed === 'soldOut') return skip(kit, main, live, visitorId, 'soldOut');
    if (placed !== 'taken') return { offer: await views.view(placed, main, live.step) };
  }
  throw new ShopError('tryAgainLater', 'The offer is being prepared: try again in a moment.');
}

class OfferTaken extends Error {}
