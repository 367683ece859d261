// What a shopper typed -> a tsquery over the search documents of server/db/text-search.ts. Each word
// matches stemmed in the shopper's language and in English (the language texts fall back to), or as
// written; the last word is a prefix, so results follow typing ("linen shi" finds the linen shirt).
import { sql, type SQL } from 'drizzle-orm';
import { FALLBACK_CONFIG, textSearchConfig } from '../../db/text-search';

/** At most this many words count: the rest of a pasted paragraph would only slow the query. */
const MAX_TERMS = 10;

/** The words of a search, lowercased, without punctuation (so nothing reaches the tsquery parser but words). */
export function searchTerms(words: string): string[] {
  return words
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0)
    .slice(0, MAX_TERMS);
}

/**
 * The tsquery of `terms` for a shopper of `locale` (`prefix`: the last word as a prefix); null when no
 * word is left. A stop word has no stem
 * ("the" in English): `||` then keeps the word as written, so a typed word is never silently dropped.
 */
export function searchTsquery(terms: string[], locale: string, { prefix = true } = {}): SQL | null {
  if (!terms.length) return null;
  const configs = [...new Set([textSearchConfig(locale), FALLBACK_CONFIG])].filter((c) => c !== 'simple');
  const words = terms.map((term, i) => {
    const text = prefix && i === terms.length - 1 ? `${term}:*` : term;
    const forms = [...configs, 'simple'].map((config) => sql`to_tsquery(${config}::regconfig, ${text})`);
    return sql`(${sql.join(forms, sql` || `)})`;
  });
  return sql.join(words, sql` && `);
}
