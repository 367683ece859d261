// Campaign attribution (issue 27, spec section 7 POST /api/utm): each visitor's first and last campaign
// touch, and the touches an order was placed with. Kept apart from schema.ts; drizzle.config.ts reads it.
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customer-schema';
import { orders } from './order-schema';

/** Which touch of a visitor an order row holds: the first campaign visit ever, or the latest one. */
export const TOUCH_KINDS = ['first', 'last'] as const;
export type TouchKind = (typeof TOUCH_KINDS)[number];

/**
 * One row per visitor id (the sakUUID of server/shopper-context.ts), so a bot that posts campaign
 * addresses over and over grows nothing: the first touch is written once and never again, the last is
 * overwritten by each later campaign visit. `customer_id` is the signed-in customer of the latest
 * campaign visit, so an order placed on another device of the same account finds it.
 */
export const visitorTouches = pgTable(
  'visitor_touches',
  {
    visitorId: text('visitor_id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    firstSource: text('first_source'),
    firstMedium: text('first_medium'),
    firstCampaign: text('first_campaign'),
    firstTerm: text('first_term'),
    firstContent: text('first_content'),
    firstLandingPath: text('first_landing_path').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastSource: text('last_source'),
    lastMedium: text('last_medium'),
    lastCampaign: text('last_campaign'),
    lastTerm: text('last_term'),
    lastContent: text('last_content'),
    lastLandingPath: text('last_landing_path').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('visitor_touches_customer_idx').on(t.customerId)],
);

/**
 * The touches an order was placed with, copied from the visitor's row when the order was written (an
 * offer's order: its main order's), so later visits never change what the order recorded.
 */
export const orderTouches = pgTable(
  'order_touches',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    touch: text('touch', { enum: TOUCH_KINDS }).notNull(),
    source: text('source'),
    medium: text('medium'),
    campaign: text('campaign'),
    term: text('term'),
    content: text('content'),
    landingPath: text('landing_path').notNull(),
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.touch] })],
);
