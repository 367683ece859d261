// Payments: the attempts of an order, the shop's payment methods, and what keeps a payment safe to repeat
// (idempotency keys, nonces, webhooks seen) and the test providers' records. Part of the drizzle schema
// (schema.ts; drizzle.config.ts lists every file).
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './order-schema';
import type { LocalizedText } from './schema';

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
