// The i18n instance react-i18next's `useTranslation` and `Trans` read, made from the page's translations.
// The server translates with its memoized, recording i18next; the browser first with the server's
// snapshot, then with i18next once it is loaded (translations.ts). An i18next instance here would put
// i18next in every page's first-load JavaScript, and give up the server's cache and the snapshot; this
// object answers the part of i18next's interface that react-i18next calls, from the current translator.
import type { i18n as I18n } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { TranslationsContext, type Translations } from './translations';
import type { TranslateOptions } from './translator';

/** The event react-i18next listens to by default (`bindI18n`): it re-renders the components that translate. */
const CHANGED = 'languageChanged';

export function reactI18n(translations: Translations): I18n {
  const locale = translations.current().locale;
  const unsubscribe = new Map<() => void, () => void>();
  // A new function at every change, so memos that depend on `t` are computed again.
  const fixedT = () => {
    const t = (key: string, options?: TranslateOptions) => translations.current().t(key, options);
    return Object.assign(t, { lng: locale, ns: 'translation' });
  };
  const instance = {
    language: locale,
    resolvedLanguage: locale,
    languages: [locale],
    isInitialized: true,
    options: {
      defaultNS: 'translation',
      // Every string is there when a component renders: nothing to wait for (no Suspense).
      react: { useSuspense: false, bindI18n: CHANGED, bindI18nStore: '' },
      interpolation: { escapeValue: false },
    },
    services: {
      // `Trans` interpolates the text between its tags again; `t` has already put the values in.
      interpolator: { interpolate: (text: string) => text },
    },
    hasLoadedNamespace: () => true,
    loadNamespaces: (_ns: unknown, done?: () => void) => done?.(),
    getFixedT: fixedT,
    t: (key: string, options?: TranslateOptions) => translations.current().t(key, options),
    on(event: string, listener: () => void) {
      if (event === CHANGED && !unsubscribe.has(listener)) unsubscribe.set(listener, translations.subscribe(listener));
    },
    off(event: string, listener: () => void) {
      if (event !== CHANGED) return;
      unsubscribe.get(listener)?.();
      unsubscribe.delete(listener);
    },
    store: { on() {}, off() {} },
  };
  // Only the members above are read (react-i18next 17: useTranslation, Trans); see react-i18n.test.tsx.
  return instance as unknown as I18n;
}

/** Gives a part of the shop its translations: `useTranslation`, `Trans`, and the translations store. */
export function TranslationsProvider({ translations, children }: { translations: Translations; children: ReactNode }) {
  const i18n = useMemo(() => reactI18n(translations), [translations]);
  return (
    <TranslationsContext.Provider value={translations}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </TranslationsContext.Provider>
  );
}
