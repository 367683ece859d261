// The i18n instance react-i18next's `useTranslation` and `Trans` read, made from the page's translations.
// The server translates with its memoized, recording i18next; the browser first with the server's
// snapshot, then with i18next once it is loaded (translations.ts). An i18next instance here would put
// i18next in every page's first-load JavaScript, and give up the server's cache and the snapshot; this
// object answers the part of i18next's interface that react-i18next calls, from the current translator.
import type { i18n as I18n } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { TranslationsContext, type Translations } from './translations';
import type { TranslateOptions, Translator } from './translator';

/** The event react-i18next listens to by default (`bindI18n`): it re-renders the components that translate. */
const CHANGED = 'languageChanged';

/** What react-i18next reads of an instance's options and services: the same for every instance. */
const OPTIONS = {
  defaultNS: 'translation',
  // Every string is there when a component renders: nothing to wait for (no Suspense).
  react: { useSuspense: false, bindI18n: CHANGED, bindI18nStore: '' },
  interpolation: { escapeValue: false },
};
const SERVICES = {
  // `Trans` interpolates the text between its tags again; `t` has already put the values in.
  interpolator: { interpolate: (text: string) => text },
};
const STORE = { on() {}, off() {} };

/**
 * useTranslation copies an instance's own properties into a new object for every component it renders
 * (its `i18n` wrapper): on the server, every component of the page. So the instance handed to
 * react-i18next has none: it inherits everything from this class (`reactI18n`), its state included.
 */
class TranslationsI18n {
  readonly language: string;
  readonly resolvedLanguage: string;
  readonly languages: string[];
  private readonly translations: Translations;
  private readonly unsubscribe = new Map<() => void, () => void>();
  /** Mutated, never assigned: an assignment through the instance would give it an own property. */
  private readonly fixed: { translator?: Translator; t?: FixedT } = {};
  /** react-i18next adds one of its own when the instance has none. */
  readonly reportNamespaces = { addUsedNamespaces() {}, getUsedNamespaces: () => ['translation'] };

  constructor(translations: Translations) {
    this.translations = translations;
    const locale = translations.current().locale;
    this.language = locale;
    this.resolvedLanguage = locale;
    this.languages = [locale];
    // The messages changed (the full set came): a new `t`, so memos that depend on it run again.
    translations.subscribe(() => {
      this.fixed.t = undefined;
    });
  }

  get isInitialized() {
    return true;
  }
  get options() {
    return OPTIONS;
  }
  get services() {
    return SERVICES;
  }
  get store() {
    return STORE;
  }
  hasLoadedNamespace() {
    return true;
  }
  loadNamespaces(_ns: unknown, done?: () => void) {
    done?.();
  }
  /** One function per translator: a new one when the messages change, so memos that depend on `t` run again. */
  getFixedT(): FixedT {
    const translator = this.translations.current();
    if (this.fixed.translator !== translator || !this.fixed.t) {
      // Asks the translator of the moment at each call (a part rendered before the full messages came
      // still reads them), as the hand-written hook did.
      const translations = this.translations;
      const t = (key: string, options?: TranslateOptions) => translations.current().t(key, options);
      this.fixed.translator = translator;
      this.fixed.t = Object.assign(t, { lng: this.language, ns: 'translation' });
    }
    return this.fixed.t;
  }
  t(key: string, options?: TranslateOptions) {
    return this.translations.current().t(key, options);
  }
  on(event: string, listener: () => void) {
    if (event === CHANGED && !this.unsubscribe.has(listener))
      this.unsubscribe.set(listener, this.translations.subscribe(listener));
  }
  off(event: string, listener: () => void) {
    if (event !== CHANGED) return;
    this.unsubscribe.get(listener)?.();
    this.unsubscribe.delete(listener);
  }
}
type FixedT = ((key: string, options?: TranslateOptions) => string) & { lng: string; ns: string };

export function reactI18n(translations: Translations): I18n {
  // Only the members above are read (react-i18next 17: useTranslation, Trans); see react-i18n.test.tsx.
  return Object.create(new TranslationsI18n(translations)) as I18n;
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
