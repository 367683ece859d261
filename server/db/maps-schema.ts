// The maps lookups' daily counts (issue 27: GET /api/googleMaps/*). Every address search and address
// detail costs the shop a paid call to the maps service, so each is counted before it is made, per visitor
// and for the whole shop, one row a day each (server/commerce/maps/quota.ts). Kept apart from schema.ts;
// drizzle.config.ts reads it.
import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** The lookups counted on one UTC day: `scope` 'shop' (key '') or 'visitor' (key: the visitor id). */
export const mapsLookups = pgTable(
  'maps_lookups',
  {
    day: date('day', { mode: 'string' }).notNull(),
    scope: text('scope', { enum: ['shop', 'visitor'] }).notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.scope, t.key] })],
);
