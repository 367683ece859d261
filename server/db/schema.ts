// Drizzle schema: the one description of Vitrine's tables. Migrations in ./migrations are
// generated from it by `npm run db:generate` (drizzle-kit) and applied at start.
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';

/** Text a shopper reads, keyed by locale code; `en` is the fallback. */
export type LocalizedText = Record<string, string>;

export interface ProductOptionValue {
  code: string;
  label: LocalizedText;
  swatch?: string;
}

export interface ProductOption {
  code: string;
  name: LocalizedText;
  values: ProductOptionValue[];
}

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

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    handle: text('handle').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    vendor: text('vendor').notNull().default(''),
    productType: text('product_type').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** active: on sale; archived: removed from shelf (spec code 5006). */
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    options: jsonb('options').$type<ProductOption[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('products_handle_key').on(t.handle)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    file: text('file').notNull(),
    alt: jsonb('alt').$type<LocalizedText>().notNull(),
    /** The colour option value this image shows, when it shows one. */
    color: text('color'),
    position: integer('position').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

export const skus = pgTable(
  'skus',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** Option code -> value code, naming every option of the product. */
    options: jsonb('options').$type<Record<string, string>>().notNull(),
    /** Minor units of the site's base currency. */
    price: integer('price').notNull(),
    compareAtPrice: integer('compare_at_price'),
    stock: integer('stock').notNull(),
    imageId: integer('image_id').references(() => productImages.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('skus_code_key').on(t.code), index('skus_product_idx').on(t.productId)],
);

export const collections = pgTable(
  'collections',
  {
    id: serial('id').primaryKey(),
    handle: text('handle').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    /** A decorative banner (alt is empty: the collection title says what it is). */
    image: jsonb('image').$type<{ file: string; width: number; height: number }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('collections_handle_key').on(t.handle)],
);

export const collectionProducts = pgTable(
  'collection_products',
  {
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.productId] })],
);

/** A theme page (shop or funnel); its content lives in page_versions. */
export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    handle: text('handle').notNull(),
    kind: text('kind', { enum: ['shop', 'funnel'] }).notNull(),
    liveVersion: integer('live_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pages_handle_key').on(t.handle)],
);

/** Every saved version of a page; never updated or deleted, so nothing saved is lost. */
export const pageVersions = pgTable(
  'page_versions',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    /** Set when this version was made by restoring an older one. */
    restoredFrom: integer('restored_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('page_versions_page_version_key').on(t.pageId, t.version)],
);
