// A merchant's text for shoppers (LocalizedMessage: by locale code) in the visitor's language: the exact
// locale, then its language (`en` for `en-GB`), then the shop's default language.
import type { LocalizedMessage } from '../../../schemas/generated/api';

export function localizedMessage(
  message: LocalizedMessage | undefined,
  locale: string,
  defaultLocale: string,
): string | undefined {
  if (!message) return undefined;
  return message[locale] ?? message[locale.split('-')[0]!] ?? message[defaultLocale] ?? Object.values(message)[0];
}
