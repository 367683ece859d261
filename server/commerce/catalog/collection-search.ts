// Collections whose title matches the words typed, for the search box's suggestions. A shop has a few
// dozen collections at most, so the document is made at query time (no stored column to migrate).
import { sql } from 'drizzle-orm';
import { localize } from '../../../schemas/localized-text';
import type { CollectionSuggestion } from '../../../schemas/generated/api';
import { queryRows, type Db } from '../../db/connect';
import type { LocalizedText } from '../../db/schema';
import { readerDocument } from '../../db/text-search';
import { searchTsquery } from './search-query';

export async function findCollections(db: Db, terms: string[], locale: string, limit: number): Promise<CollectionSuggestion[]> {
  const tsquery = searchTsquery(terms, locale);
  if (!tsquery) return [];
  const rows = await queryRows<{ handle: string; title: LocalizedText }>(
    db,
    sql`select handle, title from (
      select handle, title, ${readerDocument(locale, [{ column: 'title', weight: 'A' }])} as document from collections) c
    where c.document @@ (${tsquery})
    order by ts_rank(c.document, ${tsquery}) desc, c.handle
    limit ${limit}`,
  );
  return rows.map((r) => ({ handle: r.handle, title: localize(r.title, locale) }));
}
