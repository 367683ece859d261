// Checkout triggers (issue 29, spec: GET api/site-checkout-trigger/{x}/nextproduct): which products of a
// shop order lead to which one-click offers after the shop's own checkout. Their offers are rows of
// funnel_offers (the one offer engine, server/commerce/funnels/offers.ts) naming the trigger. Kept apart
// from schema.ts; drizzle.config.ts reads it.
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ShopOfferStep } from '../../schemas/generated/api';

export const checkoutTriggers = pgTable(
  'checkout_triggers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    /** Handles of the products that trigger it (any one in the order); empty: every order. */
    products: text('products').array().notNull().default([]),
    position: integer('position').notNull().default(0),
    upsell: jsonb('upsell').$type<ShopOfferStep>().notNull(),
    downsell: jsonb('downsell').$type<ShopOfferStep>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checkout_triggers_position_idx').on(t.position, t.id)],
);
