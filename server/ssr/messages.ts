// The interface strings of every locale (locales/*.json), with English filling any key a locale lacks
// (spec section 1: English is the fallback): one memoized i18next translator per locale for the server,
// and the messages as versioned JSON for the browser (GET /locales/{locale}.json?v=…).
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { createI18nextTranslator } from '../../renderer/i18n/i18next-translator';
import { memoizedTranslator, type Messages, type Translator } from '../../renderer/i18n/translator';

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

interface LocaleEntry {
  messages: Messages;
  json: string;
  version: string;
  translator: Translator;
}

export function createLocaleCatalog(onMissingKey: (locale: string, key: string) => void) {
  const entries = new Map<string, LocaleEntry>();
  const entry = (locale: string): LocaleEntry => {
    let found = entries.get(locale);
    if (!found) {
      const messages = withFallback(
        (Object.hasOwn(localeMessages, locale) && localeMessages[locale]) || {},
        localeMessages.en ?? {},
      );
      const json = JSON.stringify(messages);
      found = {
        messages,
        json,
        version: createHash('sha256').update(json).digest('hex').slice(0, 12),
        translator: memoizedTranslator(createI18nextTranslator(locale, messages, (key) => onMissingKey(locale, key))),
      };
      entries.set(locale, found);
    }
    return found;
  };
  return {
    available: Object.keys(localeMessages),
    translatorFor: (locale: string) => entry(locale).translator,
    messagesUrl: (locale: string) => `/locales/${locale}.json?v=${entry(locale).version}`,
    routes: () =>
      new Hono().get('/locales/:file{[a-zA-Z-]+\\.json}', (c) => {
        const locale = c.req.param('file').replace(/\.json$/, '');
        if (!Object.hasOwn(localeMessages, locale))
          return c.json({ code: 404, message: `There is no locale "${locale}".`, data: null }, 404);
        const { json, version } = entry(locale);
        const immutable = c.req.query('v') === version;
        return c.body(json, 200, {
          'Content-Type': 'application/json; charset=UTF-8',
          'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          ETag: `"${version}"`,
        });
      }),
  };
}

export type LocaleCatalog = ReturnType<typeof createLocaleCatalog>;
