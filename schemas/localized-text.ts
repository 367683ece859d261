// Picks the text for a locale from a localized-text value (spec: English is the fallback).
// Shared by the server (API payloads) and the renderer (page JSON texts).
import type { LocalizedText } from './generated/page';
import localizedTextSchema from './localized-text.schema.json' with { type: 'json' };

export function localize(text: LocalizedText | Record<string, string> | undefined | null, locale: string): string {
  if (text == null) return '';
  if (typeof text === 'string') return text;
  const byLocale = text as Record<string, string | undefined>;
  const base = locale.split('-')[0]!;
  return byLocale[locale] ?? byLocale[base] ?? byLocale.en ?? Object.values(byLocale).find((v) => v !== undefined) ?? '';
}

const LOCALE_KEYS: ReadonlySet<string> = new Set(localizedTextSchema.anyOf[1]!.propertyNames!.enum);

/** Whether a value is a localized-text object (keys all locale codes, values all text), not a plain string. */
export function isLocalizedText(value: object): value is Record<string, string> {
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([key, text]) => LOCALE_KEYS.has(key) && typeof text === 'string');
}
