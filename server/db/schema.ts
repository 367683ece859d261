// Drizzle schema: the shop's own facts and settings (meta, the site settings, reference data) and the shape
// of text a shopper reads in every locale. Vitrine's tables are described here and in one file per area
// beside it (catalog-schema.ts, page-schema.ts, funnel-schema.ts, cart-schema.ts, checkout-schema.ts,
// order-schema.ts, payment-schema.ts, customer-schema.ts, …), all listed in drizzle.config.ts. Migrations in
// ./migrations are generated from them by `npm run db:generate` (drizzle-kit) and applied at start.
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Text a shopper reads, keyed by locale code; `en` is the fallback. */
export type LocalizedText = Record<string, string>;

/** Small key/value facts about this database, e.g. when it was seeded. */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Site info of spec section 3; one row. */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Reference data of the shop, read-mostly: menus, dictionaries, countries, cookie and app config. */
export const referenceData = pgTable('reference_data', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
});
