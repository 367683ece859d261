// A block's own words (blocks/<type>/messages.json, blocks/shared/<piece>/messages.json) must be there in
// every language of the shop, with that language's plural forms and the English placeholders, and a block
// may only use its own words or a shared piece's. `npm run gen` merges them into locales/*.json, whose own
// test (locales/locales.test.ts) then checks the merged files as a whole.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENGLISH_VARIANTS, LOCALE_CODES } from '../renderer/i18n/locales';
import { messagesPrefix, type MessageTree } from '../schemas/block-messages';

const blocksDir = fileURLToPath(new URL('./', import.meta.url));

/** Every file under blocks/ but the generated registry and test snapshots, as paths from blocks/. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return entry.name === 'generated' || entry.name === '__snapshots__' ? [] : filesUnder(join(dir, entry.name));
    return [relative(blocksDir, join(dir, entry.name)).replace(/\\/g, '/')];
  });
}

const files = filesUnder(blocksDir);
const messageFiles = files
  .filter((file) => file.endsWith('/messages.json'))
  .map((file) => ({
    folder: file.slice(0, -'/messages.json'.length),
    messages: JSON.parse(readFileSync(join(blocksDir, file), 'utf8')) as Record<string, MessageTree>,
  }));

function flatten(tree: MessageTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'object') for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
    else out.set(`${prefix}${key}`, value);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
const pluralCategories = (code: string) => new Intl.PluralRules(code === 'cn' ? 'zh' : code).resolvedOptions().pluralCategories;
const fallbacks = JSON.parse(readFileSync(new URL('../locales/fallbacks.json', import.meta.url), 'utf8')) as Record<
  string,
  string[]
>;

describe('block messages', () => {
  it('are found beside the blocks that have words of their own, and the shared offer', () => {
    expect(messageFiles.map((f) => f.folder)).toEqual(expect.arrayContaining(['countdown', 'funnel-checkout', 'shared/offer']));
  });

  it.each(messageFiles.map((f) => [f.folder, f.messages] as const))(
    'blocks/%s/messages.json has every key of its English in every language, with its plural forms and placeholders',
    (folder, messages) => {
      const prefix = messagesPrefix(folder);
      expect(
        Object.keys(messages).filter((code) => !(LOCALE_CODES as readonly string[]).concat(ENGLISH_VARIANTS).includes(code)),
      ).toEqual([]);
      const en = flatten(messages.en ?? {});
      expect(en.size, 'English strings').toBeGreaterThan(0);
      const enBases = new Set([...en.keys()].map(base));
      const pluralBases = new Set([...en.keys()].filter((k) => PLURAL.test(k)).map(base));
      for (const code of LOCALE_CODES.filter((c) => c !== 'en')) {
        const strings = flatten(messages[code] ?? {});
        const allowed = new Set(
          (fallbacks[code] ?? []).filter((k) => k.startsWith(`${prefix}.`)).map((k) => k.slice(prefix.length + 1)),
        );
        const bases = new Set([...strings.keys()].map(base));
        expect(
          [...enBases].filter((k) => !bases.has(k) && !allowed.has(k)),
          `${code}: missing`,
        ).toEqual([]);
        expect(
          [...bases].filter((k) => !enBases.has(k)),
          `${code}: not in English`,
        ).toEqual([]);
        for (const key of pluralBases) {
          if (allowed.has(key)) continue;
          const forms = [...strings.keys()].filter((k) => base(k) === key && PLURAL.test(k)).map((k) => PLURAL.exec(k)![1]);
          expect(forms.sort(), `${code} ${key}`).toEqual([...pluralCategories(code)].sort());
        }
        for (const [key, text] of strings) {
          expect(text.trim(), `${code} ${key}`).not.toBe('');
          if (en.has(key)) expect(placeholders(text), `${code} ${key}`).toEqual(placeholders(en.get(key)!));
        }
      }
      for (const code of ENGLISH_VARIANTS)
        for (const key of flatten(messages[code] ?? {}).keys()) expect(en.has(key), `${code} ${key}`).toBe(true);
    },
  );

  it("a block's code names only keys of its own messages or a shared piece's", () => {
    const known = new Map(
      messageFiles.map((f) => [messagesPrefix(f.folder), new Set([...flatten(f.messages.en ?? {}).keys()].map(base))]),
    );
    const wrong: string[] = [];
    let named = 0;
    for (const file of files.filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))) {
      const own = messagesPrefix(file.split('/')[0]!);
      for (const [, key] of readFileSync(join(blocksDir, file), 'utf8').matchAll(/['"`](blocks\.[\w.-]+)['"`]/g)) {
        named++;
        const prefix = [...known.keys()].find((p) => key!.startsWith(`${p}.`));
        const allowed = prefix !== undefined && (prefix === own || prefix.startsWith('blocks.shared.'));
        if (!allowed || !known.get(prefix)!.has(key!.slice(prefix.length + 1))) wrong.push(`${file}: ${key}`);
      }
    }
    expect(named).toBeGreaterThan(30);
    expect(wrong).toEqual([]);
  });
});
