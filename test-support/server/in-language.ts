// The address of a shop page in a language, as the demo shop writes it (issue 28): its locale prefix,
// none for English, the demo's default (renderer/i18n/locale-path.ts).
import { localePrefixOf, withLocalePrefix } from '../../renderer/i18n/locale-path';

export const inLanguage = (path: string, locale: string) =>
  locale === 'en' || locale === 'en-US' ? path : withLocalePrefix(path, localePrefixOf(locale));
