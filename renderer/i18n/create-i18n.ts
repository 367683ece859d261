// One i18next instance per locale, initialised synchronously from messages already in memory
// (on the server: the locale files; in the browser: the messages inlined in the page).
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Interface strings: nested objects whose leaves are text (locales/*.json). */
export interface Messages {
  [key: string]: string | Messages;
}

export function createI18n(locale: string, messages: Messages, onMissingKey?: (key: string) => void): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: messages } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: Boolean(onMissingKey),
    missingKeyHandler: onMissingKey ? (_lngs, _ns, key) => onMissingKey(key) : undefined,
  });
  return instance;
}
