// The site settings' own history and the password gate's wrong tries (issue 26). Kept apart from
// schema.ts (the site settings themselves); drizzle.config.ts reads it.
import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every change of the site settings (PATCH /api/site): what was sent (passwords masked), by whom and
 * when. Kept for the merchant (GET /api/site/changes); never changed or removed.
 */
export const siteSettingsChanges = pgTable('site_settings_changes', {
  id: serial('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  /** Who changed: today only the merchant token can ("merchant"). */
  actor: text('actor').notNull(),
  ip: text('ip').notNull(),
  requestId: text('request_id').notNull(),
  patch: jsonb('patch').$type<Record<string, unknown>>().notNull(),
});

/** A wrong password at a gate, counted per client address (a few a minute is a person; more is a guesser). */
export const passwordGateFailures = pgTable(
  'password_gate_failures',
  {
    id: serial('id').primaryKey(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_gate_failures_ip_idx').on(t.ip, t.at)],
);
