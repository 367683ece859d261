// An order as its buyer sees it (spec section 3, Order display; section 7: GET
// api/multicurrency/general/order/{id}): found by its token only, so nobody reaches an order by guessing a
// number. Amounts are those the buyer paid, in the order's currency.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Order, OrderStatus } from '../../../schemas/generated/api';
import { localize } from '../../../schemas/localized-text';
import { isToken } from '../../../schemas/token';
import type { Db } from '../../db/connect';
import { checkouts } from '../../db/checkout-schema';
import { funnelOffers } from '../../db/funnel-schema';
import { orderLines, orders } from '../../db/order-schema';
import { payments } from '../../db/payment-schema';
import { checkoutTotals } from '../cart/read-cart';
import { ShopError } from '../errors';
import type { Reference } from '../reference';
import { latestPayment } from './latest-payment';
import { paymentOutcome } from './payment-outcome';
import { purchaseEventIdOf } from '../purchase-events/event-log';
import type { OrderRow } from './place-order';

export async function findOrder(db: Db, token: string): Promise<OrderRow> {
  const [row] = isToken(token) ? await db.select().from(orders).where(eq(orders.token, token)) : [];
  if (!row) throw new ShopError('orderNotFound', 'There is no such order.');
  return row;
}

/** The order's state and its latest payment's, for the pages that wait on it (thank-you, payment results). */
export async function orderStatus(db: Db, token: string): Promise<OrderStatus> {
  const row = await findOrder(db, token);
  const [payment, checkout] = await Promise.all([
    latestPayment(db, row.id),
    row.checkoutId === null ? [] : db.select({ token: checkouts.token }).from(checkouts).where(eq(checkouts.id, row.checkoutId)),
  ]);
  const outcome = paymentOutcome(row, payment);
  return {
    number: row.number!,
    status: row.status,
    fulfillmentStatus: row.fulfillmentStatus,
    payment: payment
      ? {
          method: payment.method,
          status: outcome.status,
          next: outcome.next,
          ...(outcome.action ? { action: outcome.action } : {}),
          ...(outcome.code !== undefined ? { code: outcome.code } : {}),
          ...(outcome.reason ? { reason: outcome.reason } : {}),
        }
      : null,
    checkoutToken: row.status === 'pending' ? (checkout[0]?.token ?? null) : null,
    addressConfirmBy: row.addressConfirmBy?.toISOString() ?? null,
    expiresAt: row.status === 'pending' && row.expiresAt ? row.expiresAt.toISOString() : null,
  };
}

export async function readOrder(
  db: Db,
  deps: { reference: Reference; methodName: (code: string, locale: string) => Promise<string> },
  /** The order's token, or its row when the caller has just read it. */
  token: string | OrderRow,
  /** The language to name things in; the order's own by default. */
  asked?: string,
): Promise<Order> {
  const row = typeof token === 'string' ? await findOrder(db, token) : token;
  const locale = asked ?? row.locale;
  const [lines, [payment], settings, offers, [parent], purchaseEventId] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(orderLines.id),
    db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, row.id), eq(payments.status, 'succeeded')))
      .orderBy(desc(payments.id))
      .limit(1),
    deps.reference.checkout(),
    // A main order (a funnel's, or a shop order a checkout trigger led to its offers) shows the offers the
    // buyer accepted (its upsell and downsell orders): paid, or added to a voucher still to be paid at a store.
    // A shop order no trigger matched (no funnelNext) has none: not asked.
    row.parentOrderId !== null || (row.funnelId === null && row.funnelNext === null)
      ? []
      : db
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.parentOrderId, row.id),
              sql`(${orders.status} = 'paid' or (${orders.status} = 'pending' and exists (
                select 1 from ${funnelOffers} where ${funnelOffers.orderId} = ${orders.id} and ${funnelOffers.status} = 'accepted')))`,
            ),
          )
          .orderBy(orders.id),
    // An offer's order names the order it was added to.
    row.parentOrderId === null ? [] : db.select({ number: orders.number }).from(orders).where(eq(orders.id, row.parentOrderId)),
    // The purchase's one event id, for the browser pixel's eventID (made when the order was paid).
    purchaseEventIdOf(db, row.id),
  ]);
  const currencyCode = row.currencyCode ?? 'USD';
  const money = (amount: number) => ({ amount, currencyCode });
  const template = settings.shippingTemplates.find((t) => t.id === row.shippingTemplateId);
  const paid = payment ?? null;
  const methodName = paid ? await deps.methodName(paid.method, locale) : '';
  const totals = checkoutTotals(row.totals!, money);
  const upsellOrders = await Promise.all(offers.map((offer) => readOrder(db, deps, offer, locale)));
  // Offers are taken in the main order's currency (funnels/offer-buyer): one sum the buyer can trust.
  const combined = upsellOrders.reduce((sum, upsell) => sum + upsell.totals.totalPrice.amount, totals.totalPrice.amount);
  return {
    number: row.number!,
    token: row.token!,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    fulfillmentStatus: row.fulfillmentStatus,
    email: row.email ?? '',
    locale: row.locale,
    currencyCode,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    lines: lines.map((l) => ({
      skuId: l.skuId,
      productId: l.productId,
      title: l.title ?? '',
      variant: l.variant ?? '',
      image: l.image,
      quantity: l.quantity,
      unitPrice: money(l.price ?? 0),
      lineTotal: money(l.total ?? 0),
    })),
    totals,
    shippingAddress: row.shippingAddress,
    billingAddress: row.billingAddress,
    shippingMethod: template ? localize(template.name, locale) : null,
    payment: paid
      ? {
          method: paid.method,
          name: methodName,
          cardBrand: paid.cardBrand,
          cardLast4: paid.cardLast4,
        }
      : null,
    trackingNumber: row.trackingNumber,
    carrier: row.carrier,
    expiresAt: row.status === 'pending' && row.expiresAt ? row.expiresAt.toISOString() : null,
    upsellOrders,
    ...(upsellOrders.length ? { combinedTotal: money(combined) } : {}),
    ...(parent?.number ? { addedTo: parent.number } : {}),
    purchaseEventId,
  };
}
