// Picks page texts (localized-text values of page JSON) in the active locale, English fallback.
import { useCallback } from 'react';
import type { LocalizedText } from '../../schemas/generated/page';
import { localize } from '../../schemas/localized-text';
import { useTranslation } from 'react-i18next';

export function useLocalized(): (text: LocalizedText | undefined) => string {
  const { language: locale } = useTranslation().i18n;
  return useCallback((text) => localize(text, locale), [locale]);
}

export function useLocale(): string {
  return useTranslation().i18n.language;
}
