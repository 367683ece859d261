// Picks page texts (localized-text values of page JSON) in the active locale, English fallback.
import { useCallback } from 'react';
import type { LocalizedText } from '../../schemas/generated/page';
import { localize } from '../../schemas/localized-text';
import { useT } from './use-t';

export function useLocalized(): (text: LocalizedText | undefined) => string {
  const { locale } = useT();
  return useCallback((text) => localize(text, locale), [locale]);
}

export function useLocale(): string {
  return useT().locale;
}
