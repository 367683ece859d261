// i18next behind the Translator seam. On the server it is built once per locale; in the browser it is
// loaded after hydration (a chunk of its own) together with the locale's messages.
import i18next from 'i18next';
import type { Messages, Translator } from './translator';

export function createI18nextTranslator(locale: string, messages: Messages, onMissingKey?: (key: string) => void): Translator {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: messages } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: Boolean(onMissingKey),
    missingKeyHandler: onMissingKey ? (_lngs, _ns, key) => onMissingKey(key) : undefined,
  });
  const t = instance.getFixedT(locale);
  return { locale, t: (key, options) => t(key, options) as string };
}
