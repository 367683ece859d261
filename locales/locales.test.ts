// Every key of en.json must be translated in every other locale file (spec section 1).
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = new URL('./', import.meta.url);
const load = (file: string) => JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Record<string, unknown>;

function keys(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keys(value as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
}

const en = load('en.json');
const enKeys = keys(en);
const others = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'en.json');

describe.each(others)('locales/%s', (file) => {
  const locale = load(file);
  const flat = new Map(
    keys(locale).map((k) => [k, k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], locale)]),
  );

  it('translates every key of en.json, and has no key en.json lacks', () => {
    // Plural forms may differ by language (e.g. _few in Czech), so compare without the plural suffix.
    const base = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');
    expect([...new Set(enKeys.map(base))].filter((k) => ![...flat.keys()].some((f) => base(f) === k))).toEqual([]);
    expect([...flat.keys()].filter((k) => !enKeys.some((e) => base(e) === base(k)))).toEqual([]);
  });

  it('keeps every {{placeholder}} of the English text', () => {
    for (const key of enKeys) {
      const text = flat.get(key) ?? flat.get(key.replace(/_one$/, '_other'));
      if (typeof text !== 'string') continue;
      const enText = key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], en) as string;
      expect(placeholders(text), `${file} ${key}`).toEqual(placeholders(enText));
    }
  });
});
