// The list of block types in docs/pages.md, written by `npm run gen` from the block folders (each
// schema's description, its block.ts's `load` and `hydration`), so the documentation names every block
// and never one that is gone. Pure: the generator reads the files.

export interface BlockListEntry {
  type: string;
  /** The settings schema's description: its first sentence says what the block shows. */
  description: string;
  hydration: string | undefined;
  /** Whether block.ts exports a `load` (data from the shop, fetched on the server). */
  load: boolean;
}

export const BLOCK_LIST_START = '<!-- block list: written by `npm run gen` from blocks/*/ (do not edit) -->';
export const BLOCK_LIST_END = '<!-- end of the block list -->';

const ISLANDS: Record<string, string> = {
  none: 'plain HTML',
  island: 'hydrated alone',
};

/** The first sentence (up to a full stop before a capital or the end; "e.g." goes on), as plain Markdown text. */
function firstSentence(text: string): string {
  const end = text.search(/\.(\s+[A-Z]|$)/);
  const sentence = end === -1 ? text : text.slice(0, end + 1);
  return sentence.replace(/([\\`*_[\]|<>])/g, '\\$1');
}

/** One line per block: its folder, what it shows, and how it runs (shop data, islands page). */
export function blockListMarkdown(entries: readonly BlockListEntry[]): string {
  return entries
    .map((e) => {
      const facts = [
        e.load ? 'shop data (`load`)' : '',
        `islands page: ${e.hydration ? ISLANDS[e.hydration] : 'needs the router'}`,
      ];
      return `- [\`${e.type}\`](../blocks/${e.type}/): ${firstSentence(e.description)} (${facts.filter(Boolean).join('; ')})`;
    })
    .join('\n');
}

/** `doc` with the text between the markers replaced by `list`; throws when the markers are missing. */
export function replaceBlockList(doc: string, list: string): string {
  const start = doc.indexOf(BLOCK_LIST_START);
  const end = doc.indexOf(BLOCK_LIST_END);
  if (start === -1 || end < start)
    throw new Error(`docs/pages.md: the markers of the block list are missing (${BLOCK_LIST_START})`);
  return `${doc.slice(0, start + BLOCK_LIST_START.length)}\n\n${list}\n\n${doc.slice(end)}`;
}
