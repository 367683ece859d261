// A block's own interface strings live beside its code, in one messages.json keyed by locale
// (blocks/<type>/messages.json, and blocks/shared/<piece>/messages.json for a piece several blocks share).
// `npm run gen` merges them into the locale files the app loads (locales/<code>.json), under one generated
// key, `blocks`: a block's `days` is `blocks.countdown.days`, a shared piece's `blocks.shared.offer.title`.
// The rest of each locale file is the shop's own strings, written by hand and left as it is.
// Pure: no file access, so the generator and the tests share it.

/** Interface strings: nested objects whose leaves are text (as in locales/*.json). */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

export interface BlockMessagesFile {
  /** The folder under blocks/ that holds messages.json, e.g. `countdown` or `shared/offer`. */
  folder: string;
  /** Its strings by locale code (`en`, `fr`, … as the files of locales/ are named). */
  messages: Record<string, MessageTree>;
}

/** The top-level key of a locale file that `npm run gen` writes: every block's strings, nothing else. */
export const BLOCK_MESSAGES_KEY = 'blocks';

/** `shared/offer` -> `blocks.shared.offer`: the key prefix of a folder's strings. */
export const messagesPrefix = (folder: string) => [BLOCK_MESSAGES_KEY, ...folder.split('/')].join('.');

/**
 * Each locale file with its `blocks` part rewritten from the block messages: the hand-written part is kept
 * in its order, and `blocks` (one entry per folder, sorted) goes last. A locale no block translates gets
 * no `blocks` part. Throws on a messages file that names a locale the shop has no file for, or lacks English.
 */
export function mergeBlockMessages(
  locales: Record<string, Record<string, unknown>>,
  files: readonly BlockMessagesFile[],
): Record<string, Record<string, unknown>> {
  for (const { folder, messages } of files) {
    if (!messages.en) throw new Error(`blocks/${folder}/messages.json: it has no "en" strings (English is the source)`);
    const unknown = Object.keys(messages).filter((code) => !Object.hasOwn(locales, code));
    if (unknown.length) throw new Error(`blocks/${folder}/messages.json: no locales/<code>.json for ${unknown.join(', ')}`);
  }
  const sorted = [...files].sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0));
  return Object.fromEntries(
    Object.entries(locales).map(([code, file]) => {
      const { [BLOCK_MESSAGES_KEY]: _generated, ...own } = file;
      const blocks: MessageTree = {};
      for (const { folder, messages } of sorted) {
        if (!messages[code]) continue;
        let at = blocks;
        const path = folder.split('/');
        // A copy at each level: the messages files themselves are never changed.
        for (const part of path.slice(0, -1)) at = at[part] = { ...(at[part] as MessageTree | undefined) };
        at[path.at(-1)!] = messages[code];
      }
      return [code, Object.keys(blocks).length ? { ...own, [BLOCK_MESSAGES_KEY]: blocks } : own];
    }),
  );
}
