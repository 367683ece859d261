// Picks the text for a locale from a localized-text value (spec: English is the fallback).
// Shared by the server (API payloads) and the renderer (page JSON texts).
import type { LocalizedText } from './generated/page';

export function localize(text: LocalizedText | Record<string, string> | undefined | null, locale: string): string {
  if (text == null) return '';
  if (typeof text === 'string') return text;
  const byLocale = text as Record<string, string | undefined>;
  const base = locale.split('-')[0]!;
  return byLocale[locale] ?? byLocale[base] ?? byLocale.en ?? Object.values(byLocale).find((v) => v !== undefined) ?? '';
}
