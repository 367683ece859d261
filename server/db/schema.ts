// Drizzle schema: the one description of Vitrine's tables. Migrations in ./migrations are
// generated from it by `npm run db:generate` (drizzle-kit) and applied at start.
import type { CheckoutAddress, ShopOfferStep } from '../../schemas/generated/api';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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

/** A theme page (shop or funnel); its content lives in page_versions. live_version 0: only drafts so far. */
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
    /** A draft: saved for a preview, never shown to shoppers until a merchant makes it live. May be invalid. */
    draft: boolean('draft').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('page_versions_page_version_key').on(t.pageId, t.version)],
);

/** A sales funnel (schemas/funnel.schema.json); its steps live in funnel_versions. */
export const funnels = pgTable(
  'funnels',
  {
    id: serial('id').primaryKey(),
    handle: text('handle').notNull(),
    liveVersion: integer('live_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('funnels_handle_key').on(t.handle)],
);

/** Every saved version of a funnel; never updated or deleted, like page_versions. */
export const funnelVersions = pgTable(
  'funnel_versions',
  {
    id: serial('id').primaryKey(),
    funnelId: integer('funnel_id')
      .notNull()
      .references(() => funnels.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('funnel_versions_funnel_version_key').on(t.funnelId, t.version)],
);

/** Reference data of the shop, read-mostly: menus, dictionaries, countries, cookie and app config. */
export const referenceData = pgTable('reference_data', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
});

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

/** Payment status of an order (spec section 3: values not shown; ours, documented in docs/payments.md). */
/**
 * A payment attempt (spec section 4): `action` waits for the shopper (3-D Secure, a wallet or bank page, a
 * shop page such as confirming the address), `pending` for the provider's webhook (banks, vouchers),
 * `processing` and `authorization` for the card's issuer; the others are final.
 */
export const PAYMENT_ATTEMPT_STATUSES = [
  'action',
  'pending',
  'processing',
  'authorization',
  'succeeded',
  'failed',
  'canceled',
  'refunded',
] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];
export const PAYMENT_ACTIONS = ['threeDs', 'redirect', 'confirmAddress', 'confirmShipping', 'replenishAddress'] as const;
export type PaymentAction = (typeof PAYMENT_ACTIONS)[number];

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

/**
 * Payment attempts of an order: one row per attempt, succeeded or failed (with its decline code). The
 * idempotency key makes a retried or double-clicked payment charge once.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    amount: integer('amount').notNull(),
    currencyCode: text('currency_code').notNull(),
    status: text('status', { enum: PAYMENT_ATTEMPT_STATUSES }).notNull(),
    /** What the shopper must do while the status is `action` (3-D Secure, the provider's page, a shop page). */
    action: text('action', { enum: PAYMENT_ACTIONS }),
    /** Where the shopper goes for the action: the provider's page, or a page of the shop. */
    redirectUrl: text('redirect_url'),
    /** Why a payment failed beyond its code (e.g. `walletRejected`), or how it waits (`bank`, `voucher`). */
    reason: text('reason'),
    /** The bank the shopper chose (iDEAL and the like). */
    bank: text('bank'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    declineCode: integer('decline_code'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the provider says of the card (never its number): brand and last four digits. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    providerReference: text('provider_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
    index('payments_order_idx').on(t.orderId),
    index('payments_reference_idx').on(t.providerReference),
  ],
);

/**
 * The test card provider's vault: what it keeps of a tokenized card (as a gateway would), never the
 * number or the security code. `outcome` is the decline code a test number stands for (null: approved).
 */
export const cardTokens = pgTable('card_tokens', {
  token: text('token').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  outcome: integer('outcome'),
  /** What else the test number stands for: 3-D Secure, processing, waiting for authorization, an address check. */
  scenario: text('scenario'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The shop's payment methods (spec section 7: the payment-method list), each served by a provider
 * (`test-card`, `test-wallet`, `test-bank`, `test-pay-later`, `stripe`). `options` are the provider's own
 * settings for the method (its banks, its installment count, voucher or bank).
 */
export const paymentMethods = pgTable('payment_methods', {
  code: text('code').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type', { enum: ['EXPRESS', 'CARD', 'REDIRECT', 'BANK'] }).notNull(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  normalTag: boolean('normal_tag').notNull().default(true),
  funnelTag: boolean('funnel_tag').notNull().default(true),
  defaulted: boolean('defaulted').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  position: integer('position').notNull().default(0),
  options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
});

/**
 * Payment requests by idempotency key (like Stripe's): the first answer is kept 24 hours and given again to
 * the same key with the same request; another request under the key is refused (409).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    /** SHA-256 of the call and its body (signature fields left out). */
    requestHash: text('request_hash').notNull(),
    /** null while the first request is being answered. */
    status: integer('status'),
    /** The answer's JSON as it was sent (text: the same bytes are sent again). */
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * The built-in test providers' own records (what a gateway keeps of a payment: its state, amount, the
 * shopper's answer on its page), in the database so that any server process can answer for any payment.
 */
export const testGatewayPayments = pgTable('test_gateway_payments', {
  reference: text('reference').primaryKey(),
  provider: text('provider').notNull(),
  status: text('status').notNull(),
  amount: integer('amount').notNull(),
  refunded: integer('refunded').notNull().default(0),
  currencyCode: text('currency_code').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The random values of signed payment requests seen in the last minutes: a replayed one is refused. */
export const paymentNonces = pgTable(
  'payment_nonces',
  {
    value: text('value').primaryKey(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_nonces_seen_idx').on(t.seenAt)],
);

/** Provider webhooks received, by the provider's event id: the same event delivered twice acts once. */
export const paymentWebhooks = pgTable(
  'payment_webhooks',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    reference: text('reference'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
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

/**
 * A one-click offer's states. `accepting` is the claim of one accept while the provider charges (outside any
 * transaction): only its claimant charges; it ends `accepted`, or `shown` again when the charge did not
 * take the money (server/commerce/funnels/offers.ts). The column is text with no check, so no migration.
 */
/**
 * What a checkout trigger's offer was shown with (kept on the offer, so a trigger edited meanwhile changes
 * nothing a buyer was shown): the step, the coupon as it applied, whether a downsell follows a decline.
 */
export interface ShopOfferTerms extends ShopOfferStep {
  type: 'upsell' | 'downsell';
  coupon?: { code: string; percentOff: number | null; amountOff: number | null; minSpend: number };
  downsell?: boolean;
}

export const FUNNEL_OFFER_STATUSES = ['shown', 'accepting', 'accepted', 'declined', 'expired', 'skipped'] as const;
export type FunnelOfferStatus = (typeof FUNNEL_OFFER_STATUSES)[number];

/**
 * One-click offers shown after a main order (upsell, downsell), of a funnel's step or of a checkout trigger
 * after the shop's own checkout: one per main order and step. Its
 * token is the single-use key of the offer (and the idempotency key of its charge); its order is placed
 * pending when the offer is shown, holding the stock, and paid on accept or let go on decline or expiry.
 */
export const funnelOffers = pgTable(
  'funnel_offers',
  {
    token: text('token').primaryKey(),
    /** A funnel's offer: the funnel version it was shown in (null for a checkout trigger's offer). */
    funnelId: integer('funnel_id'),
    funnelVersion: integer('funnel_version'),
    /** A checkout trigger's offer after the shop's own checkout (checkout-trigger-schema.ts), with its terms as shown. */
    triggerId: integer('trigger_id'),
    terms: jsonb('terms').$type<ShopOfferTerms>(),
    /** The funnel's step id; for a checkout trigger's offer, `upsell` or `downsell`. */
    stepId: text('step_id').notNull(),
    mainOrderId: integer('main_order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The offer's own order, pending while shown (null for an offer skipped: the payment cannot take it). */
    orderId: integer('order_id'),
    /** How the shopper accepts it: `charge` (one click), `sheet` (one tap in the wallet), `redirect` (the bank again). */
    path: text('path', { enum: ['charge', 'sheet', 'redirect', 'add'] }),
    status: text('status', { enum: FUNNEL_OFFER_STATUSES }).notNull().default('shown'),
    /** Where the shopper went after answering it (a replayed answer goes there again). */
    next: text('next'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When it was answered; while `accepting`, when the claim was taken (an old claim may be taken over). */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('funnel_offers_order_step_key').on(t.mainOrderId, t.stepId),
    // Every offer is a funnel's or a checkout trigger's, never both.
    check('funnel_offers_source_check', sql`(${t.funnelId} is null) <> (${t.triggerId} is null)`),
  ],
);

/**
 * What happened in a funnel (the event bus of server/commerce/funnels/funnel-events.ts): step views,
 * the pixel events (AddContactInfo, AddShipppingInfo, UpsellYes, UpsellNo), offers a payment could not
 * take (ineligible), orders paid and refunded. The merchant's step statistics are counted from it.
 */
export const funnelEvents = pgTable(
  'funnel_events',
  {
    id: serial('id').primaryKey(),
    funnelId: integer('funnel_id').notNull(),
    stepId: text('step_id').notNull(),
    variant: text('variant'),
    visitorId: text('visitor_id').notNull(),
    type: text('type').notNull(),
    orderId: integer('order_id'),
    /** Money of the event (an order paid, a refund), minor units of the base currency. */
    amountBase: integer('amount_base'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('funnel_events_funnel_idx').on(t.funnelId, t.createdAt)],
);

/** Which variant of a split funnel step each visitor was assigned (server/commerce/funnels/variants.ts). */
export const funnelAssignments = pgTable(
  'funnel_assignments',
  {
    funnelId: integer('funnel_id').notNull(),
    stepId: text('step_id').notNull(),
    visitorId: text('visitor_id').notNull(),
    variant: text('variant').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.funnelId, t.stepId, t.visitorId] })],
);

/**
 * Evergreen countdowns (the countdown block's evergreen mode): each visitor's own deadline per page and
 * block, set the first time they saw it and kept by the server, so a reload cannot reset it.
 */
export const evergreenDeadlines = pgTable(
  'evergreen_deadlines',
  {
    visitorId: text('visitor_id').notNull(),
    page: text('page').notNull(),
    block: text('block').notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.visitorId, t.page, t.block] })],
);
