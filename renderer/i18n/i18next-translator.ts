// i18next behind the Translator seam. On the server it is built once per locale; in the browser it is
// loaded after hydration (a chunk of its own) together with the locale's messages.
import i18next from 'i18next';
import { intlLocale } from './locales';
import type { Messages, Translator } from './translator';

export function createI18nextTranslator(locale: string, messages: Messages, onMissingKey?: (key: string) => void): Translator {
  const instance = i18next.createInstance();
  // i18next picks plural rules by language tag: the shop's code `cn` is Chinese (zh-CN) to it.
  const tag = intlLocale(locale);
  void instance.init({
    lng: tag,
    fallbackLng: false,
    resources: { [tag]: { translation: messages } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: Boolean(onMissingKey),
    missingKeyHandler: onMissingKey ? (_lngs, _ns, key) => onMissingKey(key) : undefined,
  });
  const t = instance.getFixedT(tag);
  return { locale, t: (key, options) => t(key, options) as string };
}
