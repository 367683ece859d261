// Checkouts (their lines and addresses) and discount codes. Part of the drizzle schema (schema.ts;
// drizzle.config.ts lists every file).
import type { CheckoutAddress } from '../../schemas/generated/api';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A line of a checkout: a SKU and how many; a gift (free, chosen by the shopper) is marked. */
export interface CheckoutLine {
  skuId: number;
  quantity: number;
  gift?: boolean;
}

/** An address of the checkout (spec section 3): the shape of the API's CheckoutAddress. */
export type { CheckoutAddress };

/**
 * A checkout (spec sections 2 and 7): what is being bought (a snapshot of the cart's lines, or the one
 * item of "buy now") and what the shopper has told so far. Found by its token, which survives a reload
 * and a return from another tab. Priced anew each time it is read.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: serial('id').primaryKey(),
    token: text('token').notNull(),
    visitorId: text('visitor_id').notNull(),
    /** open, then completed (an order was placed) or expired. */
    status: text('status', { enum: ['open', 'completed', 'expired'] })
      .notNull()
      .default('open'),
    /** buy now: a checkout of one item that skips the cart. */
    buyNow: boolean('buy_now').notNull().default(false),
    lines: jsonb('lines').$type<CheckoutLine[]>().notNull(),
    email: text('email'),
    acceptsMarketing: boolean('accepts_marketing').notNull().default(false),
    shippingAddress: jsonb('shipping_address').$type<CheckoutAddress>(),
    /** Spec default 1: billing is the shipping address. */
    asShippingAddress: boolean('as_shipping_address').notNull().default(true),
    billingAddress: jsonb('billing_address').$type<CheckoutAddress>(),
    shippingTemplateId: integer('shipping_template_id'),
    insurance: boolean('insurance').notNull().default(false),
    /** Minor units of the base currency. */
    tip: integer('tip').notNull().default(0),
    couponCode: text('coupon_code'),
    /** The language and currency the shopper checks out in (mail and the order use them). */
    locale: text('locale').notNull().default('en'),
    currencyCode: text('currency_code'),
    /** The order placed from it and waiting for its payment (a declined card is retried on it). */
    orderId: integer('order_id'),
    /** When the one recovery mail of an abandoned checkout was sent, and the key of its link. */
    recoverySentAt: timestamp('recovery_sent_at', { withTimezone: true }),
    recoveryKey: text('recovery_key'),
    /** A funnel checkout: the funnel, its version and step (the products it may sell come from that step's page). */
    funnelId: integer('funnel_id'),
    funnelVersion: integer('funnel_version'),
    funnelStep: text('funnel_step'),
    variant: text('variant'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checkouts_token_key').on(t.token),
    index('checkouts_visitor_idx').on(t.visitorId),
    uniqueIndex('checkouts_recovery_key').on(t.recoveryKey),
    index('checkouts_abandoned_idx')
      .on(t.updatedAt)
      .where(sql`status = 'open' and email is not null and recovery_sent_at is null`),
  ],
);

/**
 * Discount codes: a percent or an amount (base minor units) off what promotions leave, with an optional
 * minimum spend (base minor units), end, total number of uses and one use per customer email. Uses are
 * counted when an order is placed.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** Upper case; shoppers may type it in any case. */
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    amountOff: integer('amount_off'),
    minSpend: integer('min_spend').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** How many orders may use it in all (null: no limit). */
    usageLimit: integer('usage_limit'),
    used: integer('used').notNull().default(0),
    oncePerEmail: boolean('once_per_email').notNull().default(false),
  },
  (t) => [uniqueIndex('coupons_code_key').on(t.code)],
);
