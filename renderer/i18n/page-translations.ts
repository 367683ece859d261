// The browser's translator of a server-rendered page (the shop's entry and the islands entry): the
// strings the server wrote into the page first, i18next and the locale's full messages once loaded.
import { TRANSLATION_SNAPSHOT_ID } from '../router-context';
import { loadFullTranslator } from './load-full-translator';
import { browserTranslations, type Translations } from './translations';

export function pageTranslations(locale: string, messagesUrl: string): Translations {
  const text = document.getElementById(TRANSLATION_SNAPSHOT_ID)?.textContent;
  const snapshot = text ? (JSON.parse(text) as Record<string, string>) : {};
  return browserTranslations(locale, snapshot, () => loadFullTranslator(locale, messagesUrl));
}
