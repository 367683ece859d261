// The catalog's tables: products, their images and SKUs, collections, product reviews, and promotions
// with their products. Part of the drizzle schema (schema.ts; drizzle.config.ts lists every file).
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PRODUCT_SEARCH_DOCUMENT } from './text-search';
import type { LocalizedText } from './schema';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
    /** Full-text search over every locale's title (weight A), tags (B) and description (C), stemmed per language. */
    search: tsvector('search').generatedAlwaysAs(sql.raw(PRODUCT_SEARCH_DOCUMENT)),
  },
  (t) => [uniqueIndex('products_handle_key').on(t.handle), index('products_search_idx').using('gin', t.search)],
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
    /** Grams, for shipping priced by weight (0: not weighed). */
    weight: integer('weight').notNull().default(0),
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

/** Product reviews (spec: product-comments). Text is what the reviewer wrote: rendered as text, never HTML. */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    verified: boolean('verified').notNull().default(false),
    helpful: integer('helpful').notNull().default(0),
    locale: text('locale').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_reviews_product_idx').on(t.productId, t.createdAt)],
);

export interface PromotionRules {
  /** volume: per-item discount from a quantity; threshold: order discount from a subtotal or quantity. */
  tiers?: { minQuantity?: number; minSubtotal?: number; percentOff?: number; amountOff?: number }[];
  /** bundle: discount when every product of the bundle is bought together. */
  percentOff?: number;
  /** gift: a free gift, one of these SKU codes, once the cart's spend (base minor units) reaches minSubtotal. */
  gift?: { minSubtotal: number; skus: string[] };
}

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    handle: text('handle').notNull(),
    type: text('type', { enum: ['volume', 'bundle', 'threshold', 'gift'] }).notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    rules: jsonb('rules').$type<PromotionRules>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('promotions_handle_key').on(t.handle)],
);

export const promotionProducts = pgTable(
  'promotion_products',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.productId] }), index('promotion_products_product_idx').on(t.productId)],
);
