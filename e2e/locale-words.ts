// The shop's words in a page's language, read from locales/*.json, for specs that run in several
// languages: what a shopper reads, found by key rather than written again in each spec.
import { readFileSync } from 'node:fs';

type Tree = { [key: string]: string | Tree };

const localeFile = (code: string) =>
  JSON.parse(readFileSync(new URL(`../locales/${code}.json`, import.meta.url), 'utf8')) as Tree;
const lookUp = (tree: Tree, key: string) =>
  key.split('.').reduce<string | Tree | undefined>((node, part) => (node as Tree | undefined)?.[part], tree);

/**
 * The words of the page's language by key, with {{placeholders}} filled in. English pages are the site's
 * variant (en-US): its words first, then en.json's.
 */
export function wordsOf(locale: string) {
  const trees = locale === 'en' ? [localeFile('en-US'), localeFile('en')] : [localeFile(locale)];
  return (key: string, values: Record<string, string | number> = {}): string => {
    const found = trees.map((tree) => lookUp(tree, key)).find((value) => value !== undefined);
    if (typeof found !== 'string') throw new Error(`no ${key} in ${locale}.json`);
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
  };
}
