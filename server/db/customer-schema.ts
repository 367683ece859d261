// The customer accounts' tables (issue 25): accounts, their sessions, the proofs of an email address,
// failed sign-ins, the address book and return requests. Kept apart from the shop's catalog,
// carts, checkouts, orders and funnels (schema.ts and its siblings); drizzle.config.ts reads them all.
import type { CheckoutAddress } from '../../schemas/generated/api';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orderLines, orders } from './order-schema';

/**
 * An account's states (spec section 4): registered and waiting for its activation link (`pending`), then
 * `active`. A deleted account keeps no personal data: its row is removed and its orders keep only the
 * order's own copy of the buyer's email and addresses.
 */
export const CUSTOMER_STATES = ['pending', 'active'] as const;
export type CustomerState = (typeof CUSTOMER_STATES)[number];

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    /** As typed at registration (shown back); `emailKey` (lowercased, trimmed) is what is unique and looked up. */
    email: text('email').notNull(),
    emailKey: text('email_key').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Argon2id, in its PHC string form (algorithm, parameters and salt with the hash). Never leaves the server. */
    passwordHash: text('password_hash').notNull(),
    state: text('state', { enum: CUSTOMER_STATES }).notNull().default('pending'),
    /** The newsletter (spec: the account's subscribe flag). */
    acceptsMarketing: boolean('accepts_marketing').notNull().default(false),
    /** The language the customer's mail is written in: the one they registered (or last signed in) in. */
    locale: text('locale').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('customers_email_key').on(t.emailKey)],
);

/**
 * Signed-in sessions: the browser holds a random token (the `token` cookie, or the `sign` header of an API
 * client); only its SHA-256 is kept, so a copy of this table signs no one in. A session ends when its idle
 * time or its absolute lifetime runs out, on sign-out, or when the password changes.
 */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** What the customer sees in their sessions list (the browser as it named itself, and when). */
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('customer_sessions_token_key').on(t.tokenHash), index('customer_sessions_customer_idx').on(t.customerId)],
);

/** What a proof of an email address is for; each proof serves one purpose only. */
export const EMAIL_PROOF_PURPOSES = ['activate', 'reset', 'changeEmail', 'claim', 'newsletter'] as const;
export type EmailProofPurpose = (typeof EMAIL_PROOF_PURPOSES)[number];

/**
 * Proofs that someone reads an email address: the link of an activation or reset mail, or a one-time code
 * (claiming guest orders). Only the SHA-256 of the secret is kept; a proof is used once, for its purpose
 * and address, before it expires, with a limited number of wrong tries (codes).
 */
export const emailProofs = pgTable(
  'email_proofs',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose', { enum: EMAIL_PROOF_PURPOSES }).notNull(),
    emailKey: text('email_key').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_proofs_secret_key').on(t.secretHash),
    index('email_proofs_address_idx').on(t.emailKey, t.purpose, t.createdAt),
  ],
);

/**
 * Failed sign-ins, by account (the email asked, known or not) and by client address: counted over a window
 * in the database, so every process of the shop shares the count.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: serial('id').primaryKey(),
    emailKey: text('email_key').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_email_idx').on(t.emailKey, t.at), index('sign_in_failures_ip_idx').on(t.ip, t.at)],
);

/** A customer's address book (spec section 3, Address): one default at most. */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    address: jsonb('address').$type<CheckoutAddress>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_addresses_customer_idx').on(t.customerId),
    uniqueIndex('customer_addresses_default_key')
      .on(t.customerId)
      .where(sql`is_default`),
  ],
);

/** Which orders are a customer's: placed while signed in, or guest orders claimed with a proof of their email. */
export const customerOrders = pgTable(
  'customer_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** `placed` while signed in, `claimed` afterwards with a proof of the order's email. */
    how: text('how', { enum: ['placed', 'claimed'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_orders_customer_idx').on(t.customerId)],
);

/** A return request's way (spec: the order's return list): requested, then approved or rejected; received; refunded. */
export const RETURN_STATUSES = ['requested', 'approved', 'received', 'refunded', 'rejected'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const returnRequests = pgTable(
  'return_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    reason: text('reason').notNull(),
    comment: text('comment'),
    /** What the merchant wrote when moving it (shown to the customer). */
    note: text('note'),
    /**
     * The refund, minor units of the order's currency: fixed (under the order's lock) when the merchant
     * first asks for it, before the provider is asked, so a retry refunds the same amount under the same
     * idempotency key; the return is `refunded` once the provider said so.
     */
    refundAmount: integer('refund_amount'),
    /** The part of `refundAmount` that gives back the order's shipping: once per order (the index below). */
    shippingRefund: integer('shipping_refund'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('return_requests_order_idx').on(t.orderId),
    index('return_requests_customer_idx').on(t.customerId),
    index('return_requests_status_idx').on(t.status, t.createdAt),
    uniqueIndex('return_requests_shipping_refund_key')
      .on(t.orderId)
      .where(sql`shipping_refund is not null`),
  ],
);

export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('return_lines_return_idx').on(t.returnId)],
);
