// Spec section 1: the interface in 20 languages, English as the fallback, English variants for GB and US.
// Every key of en.json must be translated in every other language, with the plural forms that language
// needs; only the keys listed in fallbacks.json may be left to English. The `blocks` part of each file is the
// blocks' own words, merged in by `npm run gen` from blocks/**/messages.json (checked there too:
// blocks/messages.test.ts); here they are checked with the rest, as the app loads them.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENGLISH_VARIANTS, LOCALE_CODES } from '../renderer/i18n/locales';

type Tree = Record<string, unknown>;
const dir = new URL('./', import.meta.url);
const load = (file: string) => JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (value && typeof value === 'object') for (const [k, v] of flatten(value as Tree, `${prefix}${key}.`)) out.set(k, v);
    else out.set(`${prefix}${key}`, String(value));
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
const pluralCategories = (code: string) => new Intl.PluralRules(code === 'cn' ? 'zh' : code).resolvedOptions().pluralCategories;

const en = flatten(load('en.json'));
const enBases = [...new Set([...en.keys()].map(base))];
const pluralBases = new Set([...en.keys()].filter((k) => PLURAL.test(k)).map(base));
const fallbacks = load('fallbacks.json') as Record<string, string[]>;
const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'fallbacks.json');

describe('locale files', () => {
  it('exist for the 20 languages of the spec and the two English variants', () => {
    expect(files.map((f) => f.replace('.json', '')).sort()).toEqual([...LOCALE_CODES, ...ENGLISH_VARIANTS].sort());
  });

  it('allow English fallbacks only for keys of en.json', () => {
    for (const [code, keys] of Object.entries(fallbacks)) {
      if (code === '$comment') continue;
      expect(
        keys.filter((k) => !enBases.includes(k)),
        code,
      ).toEqual([]);
    }
  });
});

describe.each(LOCALE_CODES.filter((code) => code !== 'en'))('locales/%s.json', (code) => {
  const strings = flatten(load(`${code}.json`));
  const allowed = new Set(fallbacks[code] ?? []);

  it('translates every key of en.json (only the listed fallbacks excepted) and has no other key', () => {
    const bases = new Set([...strings.keys()].map(base));
    expect(enBases.filter((k) => !bases.has(k) && !allowed.has(k))).toEqual([]);
    expect([...bases].filter((k) => !enBases.includes(k))).toEqual([]);
  });

  it('has exactly the plural forms of its language', () => {
    const categories = pluralCategories(code);
    for (const key of pluralBases) {
      if (allowed.has(key)) continue;
      const forms = [...strings.keys()].filter((k) => base(k) === key && PLURAL.test(k)).map((k) => PLURAL.exec(k)![1]);
      expect(forms.sort(), `${code} ${key}`).toEqual([...categories].sort());
    }
  });

  it('keeps the placeholders of the English text, and leaves no string empty', () => {
    for (const [key, text] of strings) {
      expect(text.trim(), `${code} ${key}`).not.toBe('');
      if (PLURAL.test(key)) {
        // A plural form may say the count where English does not (Latvian "one" also covers 21, 31…),
        // but uses no placeholder English lacks in every form, and drops none but the count.
        const english = [...en.entries()].filter(([k]) => base(k) === base(key)).map(([, v]) => placeholders(v));
        const known = new Set(english.flat());
        const needed = english.reduce((common, p) => common.filter((name) => p.includes(name)));
        expect(
          placeholders(text).filter((name) => !known.has(name)),
          `${code} ${key}`,
        ).toEqual([]);
        expect(
          needed.filter((name) => name !== 'count' && !placeholders(text).includes(name)),
          `${code} ${key}`,
        ).toEqual([]);
      } else if (en.has(key)) {
        expect(placeholders(text), `${code} ${key}`).toEqual(placeholders(en.get(key)!));
      }
    }
  });
});

describe.each(ENGLISH_VARIANTS)('locales/%s.json (English variant)', (code) => {
  it('only overrides keys of en.json, keeping their placeholders', () => {
    for (const [key, text] of flatten(load(`${code}.json`))) {
      expect(en.has(key), `${code} ${key}`).toBe(true);
      expect(placeholders(text)).toEqual(placeholders(en.get(key)!));
    }
  });
});
