// Orders: their payment and fulfillment statuses, totals, lines, fulfillment events, purchase events and
// coupon uses. Part of the drizzle schema (schema.ts; drizzle.config.ts lists every file).
import type { CheckoutAddress } from '../../schemas/generated/api';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products, skus } from './catalog-schema';
import type { LocalizedText } from './schema';

/** Payment status of an order (spec section 3: values not shown; ours, documented in docs/payments.md). */
export const PAYMENT_STATUSES = ['pending', 'paid', 'expired', 'refunded', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Fulfillment status of an order. */
export const FULFILLMENT_STATUSES = ['unfulfilled', 'fulfilled', 'shipped', 'delivered'] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

/**
 * What an order's shipping was priced on (base currency minor units, grams): an address correction is
 * priced on the same spend and parcel, and accepted only when it costs no more than `priceBase`. Kept in
 * the order's totals (orders placed before it was kept have none).
 */
export interface ShippingBasis {
  spendBase: number;
  grams: number;
  priceBase: number;
}

/** Money of an order as the shopper saw it: minor units of `orders.currency_code`. */
export interface OrderTotals {
  totalLineItemsPrice: number;
  totalPromotion: number;
  totalCoupon: number;
  totalDiscounts: number;
  subtotalPrice: number;
  totalShippingPrice: number;
  shippingInsurancePrice: number;
  tipPrice: number;
  totalPrice: number;
}

/**
 * Orders. Placed from a checkout in one transaction (stock taken, lines written with the prices the
 * server computed, coupon use counted); `status` is the payment status, pending until a payment
 * succeeds and expired (stock given back) when it is not paid by `expires_at`. The seeded demo orders
 * carry only what bestseller sorting needs.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** What a person reads aloud: VG-10001, VG-10002… (made from the id, so never guessed apart from it). */
    number: text('number').generatedAlwaysAs(sql`'VG-' || (10000 + id)::text`),
    /** The buyer's key to the order (thank-you and tracking pages): 32 hex characters. */
    token: text('token'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('paid'),
    fulfillmentStatus: text('fulfillment_status', { enum: FULFILLMENT_STATUSES }).notNull().default('unfulfilled'),
    checkoutId: integer('checkout_id'),
    visitorId: text('visitor_id'),
    email: text('email'),
    locale: text('locale').notNull().default('en'),
    currencyCode: text('currency_code'),
    totals: jsonb('totals').$type<OrderTotals & { shippingBasis?: ShippingBasis }>(),
    /** The total in minor units of the base currency. */
    totalBase: integer('total_base'),
    shippingAddress: jsonb('shipping_address').$type<CheckoutAddress>(),
    billingAddress: jsonb('billing_address').$type<CheckoutAddress>(),
    shippingTemplateId: integer('shipping_template_id'),
    couponId: integer('coupon_id'),
    couponCode: text('coupon_code'),
    acceptsMarketing: boolean('accepts_marketing').notNull().default(false),
    /** The payment method that paid it (a code of the payment-method list). */
    paymentMethod: text('payment_method'),
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Set while the shopper must confirm the shipping address (/payment/confirmAddress): canceled after it. */
    addressConfirmBy: timestamp('address_confirm_by', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Set when the confirmation mail was handed to the mailer (sent once). */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    /** The funnel the order was bought in (its checkout or one of its offers), and the step that sold it. */
    funnelId: integer('funnel_id'),
    funnelStep: text('funnel_step'),
    /** The A/B variant of the funnel the buyer was shown (stamped on the main order and its offers). */
    variant: text('variant'),
    /**
     * Where the buyer goes once it is paid: a funnel order's next step (`/funnel/{handle}?pageId=`), a shop
     * order's offer after its checkout (`/checkout/upsell?order=`, a checkout trigger's), an offer's next.
     */
    funnelNext: text('funnel_next'),
    /** An offer's order (upsell, downsell): the main order whose payment it is charged with. */
    parentOrderId: integer('parent_order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_created_idx').on(t.createdAt),
    index('orders_parent_idx').on(t.parentOrderId),
    index('orders_funnel_idx').on(t.funnelId, t.createdAt),
    uniqueIndex('orders_number_key').on(t.number),
    uniqueIndex('orders_token_key').on(t.token),
    uniqueIndex('orders_tracking_key').on(t.trackingNumber),
    index('orders_pending_idx')
      .on(t.expiresAt)
      .where(sql`status = 'pending'`),
    index('orders_checkout_idx').on(t.checkoutId),
    // A customer's guest orders are found by their address as typed, lowercased and trimmed (claims).
    index('orders_email_key_idx').on(sql`lower(trim(${t.email}))`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id),
    quantity: integer('quantity').notNull(),
    /** Minor units of the base currency, at the time of the order. */
    unitPrice: integer('unit_price').notNull(),
    /** What the shopper saw, in the order's locale and currency (null on seeded orders). */
    title: text('title'),
    variant: text('variant'),
    image: text('image'),
    /** The unit price and the line's total after its item promotion, minor units of the order's currency. */
    price: integer('price'),
    total: integer('total'),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), index('order_lines_product_idx').on(t.productId)],
);

/** What happened to an order on its way (order tracking): seeded for the demo orders. */
export const fulfillmentEvents = pgTable(
  'fulfillment_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: FULFILLMENT_STATUSES }).notNull(),
    /** What happened, keyed by locale (English fallback). */
    description: jsonb('description').$type<LocalizedText>().notNull(),
    location: text('location').notNull().default(''),
    happenedAt: timestamp('happened_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('fulfillment_events_order_idx').on(t.orderId, t.happenedAt)],
);

/** Purchase events of an order (spec section 7: saveOrderPurchaseEvent, …), kept for the pixels to come. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId)],
);

/**
 * One row per order that used a coupon; `email_key` is the lowercased email when the coupon may be used
 * once per email (else null), so the unique index refuses a second use by the same email.
 */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    emailKey: text('email_key'),
  },
  (t) => [uniqueIndex('coupon_uses_email_key').on(t.couponId, t.emailKey), uniqueIndex('coupon_uses_order_key').on(t.orderId)],
);
