// The interface strings of every locale (locales/*.json), with English filling any key a locale
// lacks (spec section 1: English is the fallback). One i18next instance per locale, made once.
import type { i18n as I18n } from 'i18next';
import { createI18n, type Messages } from '../../renderer/i18n/create-i18n';

const files = import.meta.glob<Messages>('../../locales/*.json', { eager: true, import: 'default' });

export const localeMessages: Record<string, Messages> = Object.fromEntries(
  Object.entries(files).map(([path, messages]) => [/([^/]+)\.json$/.exec(path)![1]!, messages]),
);

function withFallback(messages: Messages, fallback: Messages): Messages {
  const out: Messages = { ...fallback };
  for (const [key, value] of Object.entries(messages)) {
    const base = fallback[key];
    out[key] = typeof value === 'object' && typeof base === 'object' ? withFallback(value, base) : value;
  }
  return out;
}

export function createLocaleCatalog(onMissingKey: (locale: string, key: string) => void) {
  const merged = new Map<string, Messages>();
  const instances = new Map<string, I18n>();
  const messagesFor = (locale: string): Messages => {
    let found = merged.get(locale);
    if (!found) {
      found = withFallback(localeMessages[locale] ?? {}, localeMessages.en ?? {});
      merged.set(locale, found);
    }
    return found;
  };
  return {
    available: Object.keys(localeMessages),
    messagesFor,
    i18nFor(locale: string): I18n {
      let instance = instances.get(locale);
      if (!instance) {
        instance = createI18n(locale, messagesFor(locale), (key) => onMissingKey(locale, key));
        instances.set(locale, instance);
      }
      return instance;
    },
  };
}

export type LocaleCatalog = ReturnType<typeof createLocaleCatalog>;
