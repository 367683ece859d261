// A visitor's cart: the cart, its lines and its free gift. Part of the drizzle schema (schema.ts;
// drizzle.config.ts lists every file).
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { promotions, skus } from './catalog-schema';

/** A visitor's cart, found by the visitor id (spec: customerUUID). */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    visitorId: text('visitor_id').notNull(),
    /** The discount code the shopper applied (checked again each time the cart is priced). */
    couponCode: text('coupon_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('carts_visitor_key').on(t.visitorId)],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cart_lines_cart_sku_key').on(t.cartId, t.skuId)],
);

/**
 * The free gift a cart holds (spec: gift contents, 5004 gift already exists): one per cart, chosen from
 * the gifts of a promotion the cart reaches; it falls off when the cart no longer reaches it.
 */
export const cartGifts = pgTable('cart_gifts', {
  cartId: integer('cart_id')
    .primaryKey()
    .references(() => carts.id, { onDelete: 'cascade' }),
  skuId: integer('sku_id')
    .notNull()
    .references(() => skus.id, { onDelete: 'cascade' }),
  promotionId: integer('promotion_id')
    .notNull()
    .references(() => promotions.id, { onDelete: 'cascade' }),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
});
