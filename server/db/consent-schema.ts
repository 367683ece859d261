// Consent records (issue 27): each choice a visitor made in the cookie banner, as proof of consent (GDPR
// art. 7(1): the shop must be able to show that a visitor consented, to which policy, when). Kept apart
// from schema.ts; drizzle.config.ts reads it.
import { boolean, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const consentRecords = pgTable(
  'consent_records',
  {
    id: serial('id').primaryKey(),
    /** The visitor's id (the sakUUID cookie) when the choice was made. */
    visitorId: uuid('visitor_id').notNull(),
    /** The signed-in customer, if any: the choice is part of their data export. */
    customerId: integer('customer_id'),
    /** The cookie policy's version the visitor answered (site extDataMap.cookiePolicyVersion). */
    policyVersion: text('policy_version').notNull(),
    analytics: boolean('analytics').notNull(),
    advertising: boolean('advertising').notNull(),
    /** Where the choice was made: the banner, the preferences dialog, or the footer's link to it. */
    source: text('source').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_records_visitor_idx').on(t.visitorId, t.at), index('consent_records_customer_idx').on(t.customerId)],
);
