// Loads i18next and a locale's messages in the browser, after hydration or before a client navigation.
import type { Messages, Translator } from './translator';

export async function loadFullTranslator(locale: string, messagesUrl: string): Promise<Translator> {
  const [{ createI18nextTranslator }, messages] = await Promise.all([
    import('./i18next-translator'),
    fetch(messagesUrl).then((response) => {
      if (!response.ok) throw new Error(`${messagesUrl} answered ${response.status}`);
      return response.json() as Promise<Messages>;
    }),
  ]);
  return createI18nextTranslator(locale, messages);
}
