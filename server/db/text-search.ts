// Full-text search by language: which PostgreSQL text-search configuration stems each shop locale, and
// the search document of a product or collection. One definition serves the stored column (catalog-schema.ts,
// so the migration is generated from it) and the query side (commerce/catalog/search-query.ts).
import { sql, type SQL } from 'drizzle-orm';

/**
 * Shop locale -> the regconfig whose stemmer knows its plurals ("shirts" -> shirt, "chemises" -> chemis).
 * Locales PostgreSQL has no stemmer for (Chinese, Czech, Slovak, Polish, Latvian) use 'simple'; so does
 * Estonian, whose stemmer only exists from PostgreSQL 17 on while the shop also runs on 15 and 16.
 */
export const TEXT_SEARCH_CONFIGS = {
  en: 'english',
  'en-GB': 'english',
  'en-US': 'english',
  fr: 'french',
  de: 'german',
  nl: 'dutch',
  sv: 'swedish',
  da: 'danish',
  nb: 'norwegian',
  fi: 'finnish',
  el: 'greek',
  ro: 'romanian',
  pt: 'portuguese',
  hu: 'hungarian',
  lt: 'lithuanian',
  es: 'spanish',
  cn: 'simple',
  cs: 'simple',
  sk: 'simple',
  pl: 'simple',
  lv: 'simple',
  et: 'simple',
} as const satisfies Record<string, string>;

export type TextSearchConfig = (typeof TEXT_SEARCH_CONFIGS)[keyof typeof TEXT_SEARCH_CONFIGS];

/** The language texts fall back to, so the one a shopper reads when their own is missing. */
export const FALLBACK_CONFIG: TextSearchConfig = 'english';

export function textSearchConfig(locale: string): TextSearchConfig {
  return Object.hasOwn(TEXT_SEARCH_CONFIGS, locale) ? TEXT_SEARCH_CONFIGS[locale as keyof typeof TEXT_SEARCH_CONFIGS] : 'simple';
}

/** Each locale key with a stemmer, once per key (en-GB texts are stemmed as English too). */
const STEMMED = Object.entries(TEXT_SEARCH_CONFIGS).filter(([, config]) => config !== 'simple');

/**
 * A tsvector over localized texts (jsonb keyed by locale), one weight a text. It holds every word as
 * written ('simple': prefixes and words of any language match) and, for each locale with a stemmer, that
 * locale's text stemmed in its language, so "shirts" finds "Linen Shirt" and "chemises" "Chemise en lin".
 * Written out key by key, not as a function over jsonb keys, because a stored generated column may only
 * use immutable built-ins.
 */
export function localizedDocument(column: string, weight: 'A' | 'B' | 'C'): string {
  const parts = [`setweight(jsonb_to_tsvector('simple'::regconfig, ${column}, '["string"]'), '${weight}')`];
  for (const [locale, config] of STEMMED) {
    parts.push(`setweight(to_tsvector('${config}'::regconfig, coalesce(${column}->>'${locale}', '')), '${weight}')`);
  }
  return parts.join(' || ');
}

/**
 * The stored search document of a product: titles (A), tags (B), descriptions (C). Tags stay as written:
 * turning the array into text to stem it is not immutable (array_to_string), and a tag's word is
 * nearly always in the title or description too, where it is stemmed.
 */
export const PRODUCT_SEARCH_DOCUMENT = [
  localizedDocument('title', 'A'),
  `setweight(array_to_tsvector(tags), 'B')`,
  localizedDocument('description', 'C'),
].join(' || ');

/**
 * A document at query time of what a shopper of `locale` reads: the texts of their language and of
 * English (which missing texts fall back to), stemmed in their language and in English, and as written.
 * The stored document holds every language, so it finds candidates fast (its index); this one keeps the
 * matches and ranks them: "mugs" typed in English must not find a backpack because its Latvian name
 * starts with "mug".
 */
export function readerDocument(locale: string, columns: { column: string; weight: 'A' | 'B' | 'C' }[]): SQL {
  const configs = [...new Set([textSearchConfig(locale), FALLBACK_CONFIG, 'simple'])];
  const parts = columns.flatMap(({ column, weight }) =>
    [...new Set([locale, 'en'])].flatMap((key) =>
      configs.map(
        (config) =>
          sql`setweight(to_tsvector(${sql.raw(`'${config}'`)}::regconfig, coalesce(${sql.raw(column)}->>${key}, '')), ${sql.raw(`'${weight}'`)})`,
      ),
    ),
  );
  return sql.join(parts, sql` || `);
}
