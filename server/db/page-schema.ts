// Theme pages and every saved version of them. Part of the drizzle schema (schema.ts; drizzle.config.ts
// lists every file).
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
