// Showing an offer: the step's page drawn with the main order's token in the buyer's browser. The
// payment that paid the main order decides how the shopper may accept; an offer that cannot be accepted
// in one action is recorded skipped and never shown. Otherwise its own order is placed pending, holding
// its stock, and the offer gets a signed single-use token (offers.ts tells the whole story).
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FunnelStep } from '../../../schemas/generated/funnel';
import type { Db, Executor } from '../../db/connect';
import { isUniqueViolation } from '../../db/errors';
import { products, skus } from '../../db/catalog-schema';
import { coupons } from '../../db/checkout-schema';
import { funnelOffers } from '../../db/funnel-schema';
import { couponUses, orderLines, orders } from '../../db/order-schema';
import { payments } from '../../db/payment-schema';
import type { OneClickPath } from '../../payments/provider';
import { takes, type MethodUse } from '../../payments/method-use';
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
import { offerUse } from './offer-source';
import { offerTotals, type OfferTerms } from './offer-view';
import { emailKey } from '../email-key';

const ALL_PATHS: readonly OneClickPath[] = ['charge', 'sheet', 'redirect', 'add'];

/** Why an offer was not shown: answered as where the shopper goes instead. */
export type ShownOffer = { offer: FunnelOffer } | { redirect: string };

/**
 * The main order's payment an offer goes with: the one that took the money (the latest succeeded), or
 * while the order waits for it, a voucher still to be paid at a store (an offer is added to it).
 */
export async function payableWith(db: Db, main: OrderRow) {
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

/**
 * The path a shopper of this payment may take to accept, within what the step allows; null: none. `use`:
 * a funnel's offer or a checkout trigger's (offer-source.ts `offerUse`).
 */
export function oneClickPathFor(
  method: OfferedMethod | undefined,
  step: Pick<FunnelStep, 'oneClick'>,
  use: MethodUse = 'offer',
): OneClickPath | null {
  // Only a method still taken where the main order was paid is charged again (method-use.ts).
  const path = method && takes(method, use) ? (method.handler.oneClickPath?.(method.options) ?? null) : null;
  const allowed = step.oneClick ?? ALL_PATHS;
  return path && allowed.includes(path) ? path : null;
}

/**
 * Where an offer comes from and what it offers: a funnel's offer step (showOffer) or a checkout trigger
 * after the shop's own checkout (server/commerce/shop-offers/). The engine is the same for both.
 */
export interface OfferSource {
  stepId: string;
  terms: OfferTerms & Pick<FunnelStep, 'product' | 'minutes' | 'oneClick'>;
  /** The offer row's columns that name where it comes from. */
  columns: Pick<OfferRow, 'funnelId' | 'funnelVersion' | 'triggerId' | 'terms'>;
  /** Where the buyer goes on an answer (`next` once accepted, `onDecline` when declined or skipped). */
  after(answer: 'next' | 'onDecline'): string;
  /** Records an offer the buyer's payment could not take in one action (a funnel's `ineligible` event). */
  ineligible?(main: OrderRow, visitorId: string | undefined): Promise<void>;
}

/** Places the offer's order (pending, holding its stock) and its row; null when the product is sold out. */
async function placeOffer(
  { db, views }: OfferKit,
  main: OrderRow,
  source: OfferSource,
  path: OneClickPath,
  context: OrderContext,
): Promise<OfferRow | 'soldOut' | 'taken' | 'couponGone'> {
  const { terms } = source;
  const [sku] = await db
    .select({ id: skus.id })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(products.handle, terms.product!), eq(products.status, 'active'), gt(skus.stock, 0)))
    .orderBy(asc(skus.id))
    .limit(1);
  if (!sku) return 'soldOut';
  // Its title, options in words and image, and its price (one read, as a checkout line's).
  const details = (await skuDetails(db, [sku.id], main.locale)).get(sku.id)!;
  const price = await views.price(details.basePrice, terms, main.currencyCode);
  const coupon = terms.coupon && price.coupon > 0 ? terms.coupon : null;
  const expiresAt = new Date(context.now.getTime() + (terms.minutes ?? OFFER_MINUTES) * 60_000);
  const id = newOfferId();
  const funnelId = source.columns.funnelId;
  try {
    return await db.transaction(async (tx) => {
      const [offer] = await tx
        .insert(funnelOffers)
        .values({ token: id, ...source.columns, stepId: source.stepId, mainOrderId: main.id, path, expiresAt })
        .onConflictDoNothing()
        .returning();
      // Shown at the same moment by another request (two tabs): that one is the offer.
      if (!offer) throw new OfferTaken();
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
          totals: offerTotals(price),
          totalBase: price.baseAmount,
          shippingAddress: main.shippingAddress,
          billingAddress: main.billingAddress,
          shippingTemplateId: main.shippingTemplateId,
          acceptsMarketing: main.acceptsMarketing,
          expiresAt,
          funnelId,
          funnelStep: funnelId !== null ? source.stepId : null,
          variant: main.variant,
          funnelNext: source.after('next'),
          parentOrderId: main.id,
          couponCode: coupon?.code ?? null,
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
        price: price.full,
        total: price.line,
      });
      // The coupon's use is counted as a checkout order's is (given back with the order if it is let go).
      if (coupon && !(await useCoupon(tx, coupon.code, order!))) throw new CouponGone();
      // Bought on the main order's campaign touches (docs/tracking.md#campaign-attribution).
      await copyOrderTouches(tx, main.id, order!.id);
      await takeStock(tx, [{ skuId: sku.id, quantity: 1 }]);
      const [shown] = await tx.update(funnelOffers).set({ orderId: order!.id }).where(eq(funnelOffers.token, id)).returning();
      return shown!;
    });
  } catch (error) {
    if (error instanceof OfferTaken) return 'taken';
    if (error instanceof CouponGone) return 'couponGone';
    if (error instanceof ShopError && error.error === 'cannotAddToCart') return 'soldOut';
    throw error;
  }
}

/**
 * Counts a use of the coupon by the offer's order, as placing a checkout's order does: within its usage
 * limit, once per email when it says so. False when it can no longer be used (the offer goes without it).
 */
async function useCoupon(tx: Executor, code: string, order: OrderRow): Promise<boolean> {
  const [counted] = await tx
    .update(coupons)
    .set({ used: sql`${coupons.used} + 1` })
    .where(sql`${coupons.code} = ${code} and (${coupons.usageLimit} is null or ${coupons.used} < ${coupons.usageLimit})`)
    .returning({ id: coupons.id, oncePerEmail: coupons.oncePerEmail });
  if (!counted) return false;
  try {
    // A savepoint: a second use by the same email must not abort the whole transaction.
    await tx.transaction(async (inner) => {
      await inner.insert(couponUses).values({
        couponId: counted.id,
        orderId: order.id,
        emailKey: counted.oncePerEmail && order.email ? emailKey(order.email) : null,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  await tx.update(orders).set({ couponId: counted.id }).where(eq(orders.id, order.id));
  return true;
}

/** Records an offer that is not shown, once, and answers where the shopper goes instead. */
async function skip(
  { db }: OfferKit,
  main: OrderRow,
  source: OfferSource,
  visitorId: string | undefined,
  why: 'ineligible' | 'soldOut',
) {
  const next = source.after('onDecline');
  const [skipped] = await db
    .insert(funnelOffers)
    .values({
      token: newOfferId(),
      ...source.columns,
      stepId: source.stepId,
      mainOrderId: main.id,
      status: 'skipped',
      next,
      expiresAt: new Date(),
      answeredAt: new Date(),
    })
    .onConflictDoNothing()
    .returning();
  if (skipped && why === 'ineligible') await source.ineligible?.(main, visitorId);
  return { redirect: next };
}

/**
 * The offer of `source` for the main order `main`: shown (placed the first time, in the buyer's
 * browser only), or where to go instead. Its caller has checked the main order is the source's.
 */
export async function presentOffer(
  kit: OfferKit,
  source: OfferSource,
  main: OrderRow,
  context: OrderContext,
  visitorId?: string,
): Promise<ShownOffer> {
  const { db, deps, views } = kit;
  let current = source;
  for (let attempt = 0; attempt < 3; attempt++) {
    const [existing] = await db
      .select()
      .from(funnelOffers)
      .where(and(eq(funnelOffers.mainOrderId, main.id), eq(funnelOffers.stepId, current.stepId)));
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
      if (row.status === 'shown' || row.status === 'accepting')
        return { offer: await views.view(row, main, row.terms ?? current.terms) };
      return { redirect: row.next! };
    }
    // A paid main order has a payment to charge again; one waiting for its voucher takes the offer on
    // (a bank still pending cannot take more).
    const payment = await payableWith(db, main);
    const path = payment ? oneClickPathFor(await deps.method(payment.method), current.terms, offerUse(current.columns)) : null;
    if (!path) return skip(kit, main, current, visitorId, 'ineligible');
    const placed = await placeOffer(kit, main, current, path, context);
    if (placed === 'soldOut') return skip(kit, main, current, visitorId, 'soldOut');
    // The coupon was used up meanwhile: the offer is shown without it.
    if (placed === 'couponGone') current = withoutCoupon(current);
    else if (placed !== 'taken') return { offer: await views.view(placed, main, current.terms) };
  }
  throw new ShopError('tryAgainLater', 'The offer is being prepared: try again in a moment.');
}

function withoutCoupon(source: OfferSource): OfferSource {
  const { coupon: _coupon, ...terms } = source.terms;
  const columns = source.columns.terms
    ? { ...source.columns, terms: { ...source.columns.terms, coupon: undefined } }
    : source.columns;
  return { ...source, terms, columns };
}

/** The offer of step `live` for the main order `orderToken`: shown (placed the first time), or where to go instead. */
export async function showOffer(
  kit: OfferKit,
  live: LiveStep,
  orderToken: string,
  shown: Pick<OrderContext, 'locale' | 'now'>,
  visitorId?: string,
): Promise<ShownOffer> {
  const { db, deps } = kit;
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
  const source: OfferSource = {
    stepId: live.step.id,
    terms: live.step,
    columns: { funnelId: live.funnel.id, funnelVersion: live.funnel.version, triggerId: null, terms: null },
    after: (answer) => liveAfter(live, main.token!, answer),
    ineligible: (order, visitor) =>
      deps.events.record({
        funnelId: live.funnel.id,
        stepId: live.step.id,
        variant: order.variant,
        visitorId: visitor ?? order.visitorId ?? '',
        type: 'ineligible',
        orderId: order.id,
      }),
  };
  return presentOffer(kit, source, main, context, visitorId);
}

class OfferTaken extends Error {}
class CouponGone extends Error {}
