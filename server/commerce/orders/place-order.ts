// Places the order of a checkout (spec section 7, the first half of POST api/payment/create-order), in
// one transaction: the checkout is locked, priced exactly as its page showed it, its stock taken with one
// conditional statement, its coupon use counted (usage limit and once per email kept by the database),
// the order and its lines written with the server's prices. If anything cannot be had, nothing changes.
// An order already waiting for its payment is taken again (a declined card is retried on the same
// order), unless the checkout changed since: then the old one lets go of its stock and a new one is made.
// A discount code that can no longer be used (ended, used up, used with this email meanwhile) is refused
// with its reason and taken off the checkout: the shopper sees the new total and pays, never a dead end.
// An order placed (or paid again) by a signed-in customer is theirs (customer_orders, how 'placed') in the
// same transaction, and "save this information" keeps its shipping address in their address book.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/connect';
import { isUniqueViolation } from '../../db/errors';
import { checkouts, coupons } from '../../db/checkout-schema';
import { couponUses, orderLines, orders } from '../../db/order-schema';
import { customerOrders } from '../../db/customer-schema';
import { keepInBook, lockBook } from '../customers/address-book';
import type { CouponProblem } from '../../../schemas/checkout-rules';
import type { CheckoutAddress } from '../../../schemas/generated/api';
import { couponProblem, couponRefused } from '../cart/coupons';
import { emailKey } from '../email-key';
import type { Promotions } from '../catalog/promotions';
import { variantText } from '../catalog/sku-details';
import { priceCheckout } from '../checkout/price-checkout';
import { ShopError } from '../errors';
import type { Currency } from '../pricing/currency';
import type { Reference } from '../reference';
import { closePaymentsOf } from './close-payments';
import type { PaymentLookup } from './latest-payment';
import { cancelPendingOrder } from './release-orders';
import { takeStock } from './take-stock';
import { stampOrderTouches } from '../attribution/order-touches';
import { matchTrigger } from '../shop-offers/trigger-match';
import { shopOfferPath } from '../funnels/offer-source';
import { pathAfterStep } from '../funnels/funnel-paths';
import { orderConsent, type ConsentInput } from '../purchase-events/consent';
import { keepConsent } from '../purchase-events/keep-consent';
import type { OrderRow } from './rows';

export type { OrderRow };

/** How long an order placed for a card payment holds its stock unpaid (documented in docs/payments.md). */
export const CARD_PAYMENT_WINDOW_MS = 30 * 60_000;

export interface OrderContext {
  locale: string;
  currency: Currency;
  base: Currency;
  now: Date;
  paymentWindowMs?: number;
  /**
   * The signed-in customer placing the order (from the API's shopper, handed down): the order becomes
   * theirs; `saveAddress` ("save this information") keeps its shipping address in their address book.
   */
  customer?: { id: number; saveAddress?: boolean };
  /**
   * The shopper's consent choice (the `consent` cookie) and what ad platforms match on, from the payment
   * call: kept with the order (purchase-events/keep-consent.ts). None: nothing is kept, and the order,
   * once paid, gets no server purchase event.
   */
  consent?: ConsentInput;
}

/** The order is the signed-in customer's, and its address joins their book when they asked (same transaction). */
async function forCustomer(tx: Executor, orderId: number, address: CheckoutAddress | null, context: OrderContext) {
  const { customer } = context;
  // The account's row locked (its book may change below): an account deleted meanwhile gets nothing.
  if (!customer || !(await lockBook(tx, customer.id))) return;
  // An order already someone's stays theirs (an order waiting for its payment, placed by another account).
  await tx.insert(customerOrders).values({ orderId, customerId: customer.id, how: 'placed' }).onConflictDoNothing();
  if (customer.saveAddress && address) await keepInBook(tx, customer.id, address);
}

/** The code on the checkout can no longer be used: refused (the page showed its discount), and taken off by placeOrder. */
const couponNoLonger = (code: string, problem: CouponProblem) =>
  couponRefused(problem, '/coupon', { couponRemoved: { code, problem } });

const shippingNotServed = () =>
  new ShopError('incompleteInformation', 'The way of shipping chosen does not serve this address: choose another.', {
    errors: [{ path: '/shippingTemplateId', message: 'is not a way of shipping to this address', rule: 'shipping' }],
  });

/** What a checkout must hold before its order can be placed (spec codes 7001, 5011, 5012). */
function checkReady(row: typeof checkouts.$inferSelect) {
  if (!row.shippingAddress) throw new ShopError('shippingAddressMissing', 'The shipping address is missing.');
  if (!row.asShippingAddress && !row.billingAddress)
    throw new ShopError('billingAddressMissing', 'The billing address is missing.');
  const missing = [!row.email && '/email', row.shippingTemplateId === null && '/shippingTemplateId'].filter(Boolean);
  if (missing.length) {
    throw new ShopError('incompleteInformation', `The checkout is not complete: ${missing.join(', ')} missing.`, {
      errors: missing.map((path) => ({ path, message: 'is required', rule: 'required' })),
    });
  }
}

async function writeOrder(
  tx: Executor,
  deps: { promotions: Promotions; reference: Reference },
  row: typeof checkouts.$inferSelect,
  context: OrderContext,
): Promise<OrderRow> {
  const { locale, currency, base, now } = context;
  const { priced, coupon, shipping, shippingBasis, details } = await priceCheckout(tx, deps, row, {
    locale,
    currency,
    baseCurrency: base,
  });
  // The way of shipping chosen must serve the address as it is now, at the price it has there.
  if (!shipping) throw shippingNotServed();
  const { total } = priced;
  // What the order keeps of the total: the amounts, not the per-line workings.
  const { lines: _lines, appliedPromotions: _applied, couponApplied: _couponApplied, ...totals } = total;
  // The page showed this code's discount: a code used up meanwhile is refused, never silently dropped.
  if (row.couponCode && !coupon) {
    const { problem } = await couponProblem(tx, row.couponCode, { email: row.email, checkoutId: row.id });
    throw couponNoLonger(row.couponCode, problem ?? 'couponUsedUp');
  }
  const usesCoupon = coupon !== null && total.couponApplied;
  if (usesCoupon) {
    const counted = await tx
      .update(coupons)
      .set({ used: sql`${coupons.used} + 1` })
      .where(sql`${coupons.id} = ${coupon.id} and (${coupons.usageLimit} is null or ${coupons.used} < ${coupons.usageLimit})`)
      .returning({ id: coupons.id });
    if (!counted.length) throw couponNoLonger(coupon.code, 'couponUsedUp');
  }
  const totalBase =
    currency.code === base.code
      ? total.totalPrice
      : (await priceCheckout(tx, deps, row, { locale, currency: base, baseCurrency: base })).priced.total.totalPrice;
  const token = randomBytes(16).toString('hex');
  // A funnel's checkout: its buyer goes on to the funnel's next step once the order is paid. A shop
  // checkout whose products match a checkout trigger: to its one-click offer (shop-offers/).
  const funnel =
    row.funnelId !== null && row.funnelVersion !== null && row.funnelStep !== null
      ? {
          funnelId: row.funnelId,
          funnelStep: row.funnelStep,
          variant: row.variant,
          funnelNext: await pathAfterStep(tx, { id: row.funnelId, version: row.funnelVersion }, row.funnelStep, token),
        }
      : (await matchTrigger(
            tx,
            row.lines.map((line) => details.get(line.skuId)!.handle),
          ))
        ? { funnelNext: shopOfferPath('upsell', token) }
        : {};
  const [order] = await tx
    .insert(orders)
    .values({
      token,
      ...funnel,
      status: 'pending',
      checkoutId: row.id,
      visitorId: row.visitorId,
      email: row.email,
      locale,
      currencyCode: currency.code,
      totals: { ...totals, ...(shippingBasis ? { shippingBasis } : {}) },
      totalBase,
      shippingAddress: row.shippingAddress,
      billingAddress: row.asShippingAddress ? row.shippingAddress : row.billingAddress,
      shippingTemplateId: row.shippingTemplateId,
      couponId: usesCoupon ? coupon.id : null,
      couponCode: usesCoupon ? coupon.code : null,
      acceptsMarketing: row.acceptsMarketing,
      expiresAt: new Date(now.getTime() + (context.paymentWindowMs ?? CARD_PAYMENT_WINDOW_MS)),
      createdAt: now,
    })
    .returning();
  await tx.insert(orderLines).values(
    row.lines.map((line, i) => {
      const sku = details.get(line.skuId)!;
      return {
        orderId: order!.id,
        productId: sku.productId,
        skuId: line.skuId,
        quantity: line.quantity,
        unitPrice: line.gift ? 0 : sku.basePrice,
        title: sku.title,
        variant: variantText(sku.options),
        image: sku.imageFile,
        price: priced.lines[i]!.unitPrice.amount,
        total: priced.lines[i]!.lineTotal.amount,
      };
    }),
  );
  if (usesCoupon) {
    try {
      // A savepoint: the refusal below must not abort the whole transaction before it is thrown.
      await tx.transaction(async (inner) => {
        await inner.insert(couponUses).values({
          couponId: coupon.id,
          orderId: order!.id,
          emailKey: coupon.oncePerEmail ? emailKey(row.email!) : null,
        });
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw couponNoLonger(coupon.code, 'couponOncePerEmail');
    }
  }
  await tx.update(checkouts).set({ orderId: order!.id, locale, currencyCode: currency.code }).where(eq(checkouts.id, row.id));
  await forCustomer(tx, order!.id, row.shippingAddress, context);
  // The buyer's campaign touches, copied now: later visits do not change what the order recorded.
  await stampOrderTouches(tx, order!.id, { visitorId: row.visitorId, customerId: context.customer?.id });
  // Last: the SKU rows stay locked from here to the commit only, so buyers of the same item wait on each
  // other as briefly as can be (a sold-out line still rolls all of the above back).
  await takeStock(tx, row.lines);
  return order!;
}

/**
 * The order of a checkout, placed now or already waiting for its payment. `method` (the shop's payment
 * methods) closes the payments of an order this one replaces at their providers (close-payments.ts).
 */
export async function placeOrder(
  db: Db,
  deps: {
    promotions: Promotions;
    reference: Reference;
    method?: PaymentLookup['method'];
    log?: (message: string, error?: unknown) => void;
    /** Checks the locked checkout before its order is placed or taken again (throws to refuse). */
    beforePlacing?: (checkout: typeof checkouts.$inferSelect) => void;
  },
  checkoutToken: string,
  context: OrderContext,
): Promise<OrderRow> {
  // What the caches hold is read before the transaction: a cache miss inside it would ask the pool for a
  // second connection while holding one, and enough buyers at once would hold them all (pool starvation).
  const [forPricing, settings] = await Promise.all([deps.promotions.forPricing(context.locale), deps.reference.checkout()]);
  const policy = context.consent?.policy;
  const consent =
    context.consent &&
    orderConsent(
      context.consent,
      { analytics: policy!.acceptedByDefault, advertising: policy!.acceptedByDefault },
      policy!.version,
    );
  const placed = async (tx: Executor, order: OrderRow) => {
    if (consent) await keepConsent(tx, order.id, consent, context.now);
    return order;
  };
  const held = {
    promotions: { forPricing: async () => forPricing } as unknown as Promotions,
    reference: { checkout: async () => settings } as unknown as Reference,
  };
  let replaced: number[] = [];
  const order = await db
    .transaction(async (tx) => {
      const [row] = await tx.select().from(checkouts).where(eq(checkouts.token, checkoutToken)).for('update');
      if (!row) throw new ShopError('tokenNotFound', 'There is no checkout with this token.');
      deps.beforePlacing?.(row);
      if (row.orderId !== null) {
        const [waiting] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
        if (row.status === 'completed' || waiting?.status === 'paid') {
          throw new ShopError('orderAlreadySettled', 'This checkout is paid already.', {
            orderToken: waiting?.token ?? null,
            orderNumber: waiting?.number ?? null,
          });
        }
        if (waiting?.status === 'pending') {
          const unchanged = waiting.createdAt >= row.updatedAt && waiting.currencyCode === context.currency.code;
          if (unchanged && waiting.expiresAt && waiting.expiresAt > context.now) {
            await forCustomer(tx, waiting.id, row.shippingAddress, context);
            return placed(tx, waiting);
          }
          replaced = await cancelPendingOrder(tx, waiting.id);
        }
      }
      if (row.status !== 'open') throw new ShopError('orderAlreadySettled', 'This checkout can no longer be paid.');
      checkReady(row);
      return placed(tx, await writeOrder(tx, held, row, context));
    })
    .catch(async (error: unknown) => {
      // Rolled back; the code the order could not use comes off the checkout, so paying again works.
      const removed = error instanceof ShopError && (error.data as { couponRemoved?: { code: string } } | null)?.couponRemoved;
      if (removed) {
        await db
          .update(checkouts)
          .set({ couponCode: null, updatedAt: new Date() })
          .where(and(eq(checkouts.token, checkoutToken), eq(checkouts.status, 'open'), eq(checkouts.couponCode, removed.code)));
      }
      throw error;
    });
  // Committed: the replaced order's payments are stopped at their providers (a page of one left open in
  // another tab can no longer take money), and given back if one completed meanwhile.
  if (replaced.length && deps.method) await closePaymentsOf(db, { method: deps.method }, replaced, deps.log);
  return order;
}
