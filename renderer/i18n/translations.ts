// The translator of a page, as a small store: fixed on the server; in the browser the server's snapshot
// first, swapped for i18next once loaded (components draw again only if one lacked a string).
import { createContext } from 'react';
import { snapshotTranslator, type Translator } from './translator';

export interface Translations {
  current(): Translator;
  subscribe(listener: () => void): () => void;
  /** Resolves when translating anything is possible (browser: i18next loaded). */
  ready(): Promise<void>;
}

export function fixedTranslations(translator: Translator): Translations {
  const ready = Promise.resolve();
  return { current: () => translator, subscribe: () => () => {}, ready: () => ready };
}

export function browserTranslations(
  locale: string,
  snapshot: Record<string, string>,
  loadFull: () => Promise<Translator>,
): Translations {
  const listeners = new Set<() => void>();
  let loading: Promise<void> | undefined;
  /** Whether something asked for a string the server did not send (and was drawn without it). */
  let missed = false;
  const ready = (): Promise<void> =>
    (loading ??= loadFull().then((full) => {
      translator = full;
      // i18next gives the same strings as the snapshot: the page is drawn again only when something
      // lacked one, not on every load (that would be a long task for nothing, right after hydration).
      if (missed) for (const listener of listeners) listener();
    }));
  let translator: Translator = snapshotTranslator(locale, snapshot, () => {
    missed = true;
    void ready();
  });
  return {
    current: () => translator,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready,
  };
}

/**
 * What `loading` gives, once the language's full messages are in too: for parts drawn after the page
 * shows, whose words the server's snapshot does not hold (never a label or a heading without its words).
 * Messages that cannot be had leave the snapshot's words: the part still shows.
 */
export async function withFullMessages<T>(translations: Translations, loading: Promise<T>): Promise<T> {
  const [value] = await Promise.all([loading, translations.ready().catch(() => {})]);
  return value;
}

export const TranslationsContext = createContext<Translations>(fixedTranslations({ locale: 'en', t: (key) => key }));
