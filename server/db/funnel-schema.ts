// Funnels and their versions, one-click offers after a main order (a funnel's or a checkout trigger's),
// funnel events, split-step assignments and evergreen countdown deadlines. Part of the drizzle schema
// (schema.ts; drizzle.config.ts lists every file).
import type { ShopOfferStep } from '../../schemas/generated/api';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './order-schema';

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

/**
 * What a checkout trigger's offer was shown with (kept on the offer, so a trigger edited meanwhile changes
 * nothing a buyer was shown): the step, the coupon as it applied, whether a downsell follows a decline.
 */
export interface ShopOfferTerms extends ShopOfferStep {
  type: 'upsell' | 'downsell';
  coupon?: { code: string; percentOff: number | null; amountOff: number | null; minSpend: number };
  downsell?: boolean;
}

/**
 * A one-click offer's states. `accepting` is the claim of one accept while the provider charges (outside any
 * transaction): only its claimant charges; it ends `accepted`, or `shown` again when the charge did not
 * take the money (server/commerce/funnels/offers.ts). The column is text with no check, so no migration.
 */
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
