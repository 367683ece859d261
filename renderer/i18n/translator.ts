// What `useTranslation` translates with (react-i18n.tsx). i18next does the translating; this is
// the small seam that lets the server memoize it and the browser hydrate from the server's own strings
// before i18next has even loaded (it is not part of the first-load JavaScript).

export type TranslateOptions = Record<string, string | number>;

export interface Translator {
  readonly locale: string;
  t(key: string, options?: TranslateOptions): string;
}

/** Interface strings: nested objects whose leaves are text (locales/*.json). */
export interface Messages {
  [key: string]: string | Messages;
}

/** The key of one translation in a snapshot: the message key and the values it was given. */
export function snapshotKey(key: string, options?: TranslateOptions): string {
  return options ? `${key}\u0001${JSON.stringify(options)}` : key;
}

/** Remembers every result, so a string the server has made once costs a lookup after that. */
export function memoizedTranslator(inner: Translator, max = 10_000): Translator {
  const cache = new Map<string, string>();
  return {
    locale: inner.locale,
    t(key, options) {
      const id = snapshotKey(key, options);
      let text = cache.get(id);
      if (text === undefined) {
        text = inner.t(key, options);
        if (cache.size >= max) cache.clear();
        cache.set(id, text);
      }
      return text;
    },
  };
}

/** Records what a render translated: the browser's first render reads the same strings back. */
export function recordingTranslator(inner: Translator): RecordingTranslator {
  const used = new Map<string, string>();
  return {
    locale: inner.locale,
    t(key, options) {
      const text = inner.t(key, options);
      used.set(snapshotKey(key, options), text);
      return text;
    },
    entries: () => Object.fromEntries(used),
    record(entries) {
      for (const id in entries) used.set(id, entries[id]!);
    },
  };
}

export interface RecordingTranslator extends Translator {
  /** What was translated, by snapshot key. */
  entries(): Record<string, string>;
  /** Adds what a part drawn earlier translated (a block written from the server's fragment cache). */
  record(entries: Record<string, string>): void;
}

/**
 * The browser's translator until i18next is loaded: the server's strings for this page. A call the
 * server did not make (e.g. the countdown's minute changed) gets the latest string of that key and
 * asks for i18next, which replaces this translator when ready.
 */
export function snapshotTranslator(locale: string, entries: Record<string, string>, onMiss: () => void): Translator {
  const byKey = new Map<string, string>();
  for (const [id, text] of Object.entries(entries)) byKey.set(id.split('\u0001')[0]!, text);
  return {
    locale,
    t(key, options) {
      const text = entries[snapshotKey(key, options)];
      if (text !== undefined) return text;
      onMiss();
      return byKey.get(key) ?? '';
    },
  };
}
