// Server-side purchase events (issue 27): the consent an order was placed under, the one event id of each
// purchase (given to the browser pixel and to the server event, so the ad platform deduplicates them), and
// the outbox of server events to send, one row per order and platform. Kept apart from schema.ts;
// drizzle.config.ts reads it too.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './order-schema';

/** What the ad platforms may match a server event on, kept only when the shopper granted advertising. */
export interface AdMatch {
  userAgent?: string;
  /** Meta's browser and click ids (the `_fbp` and `_fbc` cookies its pixel sets). */
  fbp?: string;
  fbc?: string;
}

/**
 * The consent an order was placed under, read from the `consent` cookie by the payment call (a webhook that
 * pays the order later has no cookie): `chosen` false when the shopper had not chosen and the configured
 * default applied. An offer's order has none of its own: its main order's counts.
 */
export const orderAdConsents = pgTable('order_ad_consents', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  analytics: boolean('analytics').notNull(),
  advertising: boolean('advertising').notNull(),
  chosen: boolean('chosen').notNull(),
  policyVersion: text('policy_version'),
  chosenAt: timestamp('chosen_at', { withTimezone: true }),
  match: jsonb('match').$type<AdMatch>(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Why a paid order got no server event (its purchase event id is made all the same). */
export const SKIPPED_REASONS = ['consentRefused', 'consentNotGiven', 'noAdApp'] as const;
export type SkippedReason = (typeof SKIPPED_REASONS)[number];

/** One per paid order, made in the statement that makes it paid: `purchase.<uuid>`. */
export const purchaseEvents = pgTable(
  'purchase_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    skippedReason: text('skipped_reason', { enum: SKIPPED_REASONS }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('purchase_events_order_key').on(t.orderId), uniqueIndex('purchase_events_event_key').on(t.eventId)],
);

export const SERVER_EVENT_STATUSES = ['pending', 'sent', 'failed'] as const;
export type ServerEventStatus = (typeof SERVER_EVENT_STATUSES)[number];

/** What a server event carries, platform-neutral; each provider maps it to its platform's fields. */
export interface ServerEventPayload {
  eventName: 'Purchase';
  /** When the order was paid (ISO). */
  eventTime: string;
  orderNumber: string;
  /** The order's total, minor units of `currency`. */
  value: number;
  currency: string;
  items: { skuId: number; productId: number; quantity: number; price: number }[];
  /** SHA-256 of the trimmed, lowercased email (what the platforms match on; never the address itself). */
  emailSha256: string | null;
  match: AdMatch | null;
}

/**
 * The outbox: a server event to send to one platform. Written in the statement that makes the order
 * paid; claimed by the sender job (a claim moves `nextAttemptAt` past the claim's lease and names its
 * runner), marked sent once, retried with backoff, given up (failed) after its last attempt.
 */
export const serverEventOutbox = pgTable(
  'server_event_outbox',
  {
    id: serial('id').primaryKey(),
    purchaseEventId: integer('purchase_event_id')
      .notNull()
      .references(() => purchaseEvents.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    /** The used-apps code: pixel (Meta), tiktok, snapchat. */
    platform: text('platform').notNull(),
    payload: jsonb('payload').$type<ServerEventPayload>().notNull(),
    status: text('status', { enum: SERVER_EVENT_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** The runner holding the row's latest claim: only it may record that attempt's result. */
    claimedBy: text('claimed_by'),
    lastError: text('last_error'),
    /** What the platform answered the send that counted. */
    response: jsonb('response').$type<unknown>(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('server_event_outbox_order_platform_key').on(t.orderId, t.platform),
    index('server_event_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('server_event_outbox_created_idx').on(t.createdAt),
  ],
);
