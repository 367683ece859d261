// The shopper's forms (issue 26): contact messages and feedback, the newsletter's subscribers and its
// ledger of consent, and what the forms' anti-bot checks keep (the attempts counted per client address
// and per email address, the proof-of-work challenges already used). Kept apart from schema.ts and
// customer-schema.ts; drizzle.config.ts reads them all.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customer-schema';
import { orders } from './order-schema';

/** What a shopper wrote to the shop: a contact message (spec section 3) or feedback. */
export const SHOPPER_MESSAGE_KINDS = ['contact', 'feedback'] as const;
export type ShopperMessageKind = (typeof SHOPPER_MESSAGE_KINDS)[number];

/**
 * Every message a form sent, bots' too: `failedChecks` names the anti-bot checks it failed (none: a
 * person's), and `spam` says it was not mailed. The merchant reads them all (GET /api/shopper-messages).
 */
export const shopperMessages = pgTable(
  'shopper_messages',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: SHOPPER_MESSAGE_KINDS }).notNull(),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    /** Feedback only: 1 to 5. */
    rating: smallint('rating'),
    message: text('message').notNull(),
    /** Where feedback was given (the page's path), when the form said. */
    pagePath: text('page_path'),
    /** The language the shopper wrote in (their copy of a contact message is in it). */
    locale: text('locale').notNull(),
    ip: text('ip').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    failedChecks: text('failed_checks')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    spam: boolean('spam').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the merchant's mail was handed to the mailer (never for spam). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [index('shopper_messages_kind_idx').on(t.kind, t.createdAt)],
);

/** A subscriber's way: waiting for the mailed link, subscribed, or gone. */
export const SUBSCRIBER_STATES = ['pending', 'subscribed', 'unsubscribed'] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

/** Where a sign-up came from: the footer, the checkout's box, the store password page, the account. */
export const SUBSCRIBE_SOURCES = ['footer', 'checkout', 'password', 'account'] as const;
export type SubscribeSource = (typeof SUBSCRIBE_SOURCES)[number];

/** The newsletter's addresses: one row an address (its `emailKey`), whatever happened to it. */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    emailKey: text('email_key').notNull(),
    state: text('state', { enum: SUBSCRIBER_STATES }).notNull().default('pending'),
    /** The language its mails are written in (the last sign-up's). */
    locale: text('locale').notNull(),
    source: text('source', { enum: SUBSCRIBE_SOURCES }).notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last confirmation link was mailed: no other goes out within the cooldown. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('newsletter_subscribers_email_key').on(t.emailKey), index('newsletter_subscribers_state_idx').on(t.state)],
);

/** What a ledger line records. */
export const CONSENT_EVENTS = ['requested', 'confirmed', 'unsubscribed'] as const;
export type ConsentEvent = (typeof CONSENT_EVENTS)[number];

/**
 * The ledger of consent (GDPR art. 7(1): the shop must be able to show that someone agreed): who asked,
 * confirmed or withdrew, when, from which address, and the very words they agreed to (the text's key and
 * version, and its words in their language). Only ever added to.
 */
export const newsletterConsents = pgTable(
  'newsletter_consents',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    event: text('event', { enum: CONSENT_EVENTS }).notNull(),
    source: text('source', { enum: SUBSCRIBE_SOURCES }),
    textKey: text('text_key').notNull(),
    textVersion: integer('text_version').notNull(),
    /** The consent text as the shopper read it, in their language. */
    text: text('text').notNull(),
    locale: text('locale').notNull(),
    /** The client's address (none for a checkout's box, ticked in an earlier request: see orderId). */
    ip: text('ip'),
    userAgent: text('user_agent'),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The order whose checkout box was ticked. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('newsletter_consents_subscriber_idx').on(t.subscriberId, t.at)],
);

/**
 * The forms' sends, counted per client address and per email address over a window (every process of
 * the shop shares the count). Removed by the hourly job once older than the window.
 */
export const formAttempts = pgTable(
  'form_attempts',
  {
    id: serial('id').primaryKey(),
    form: text('form').notNull(),
    ip: text('ip').notNull(),
    emailKey: text('email_key'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('form_attempts_ip_idx').on(t.ip, t.at), index('form_attempts_email_idx').on(t.emailKey, t.at)],
);

/**
 * Proof-of-work challenges already used, kept until they expire: a solved challenge is good for one send,
 * in any process (its signature is the key).
 */
export const usedChallenges = pgTable('used_challenges', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
