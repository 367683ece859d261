// The small, safe text markup of rich-text blocks: paragraphs separated by a blank line, "- " list
// items, **bold**, *italic* and [links](/path or https://…). Everything else is plain text, never HTML.
import { isDrawableLink } from '../../schemas/shop-link';

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong' | 'em'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] };

export type RichBlock = { kind: 'paragraph'; children: Inline[] } | { kind: 'list'; items: Inline[][] };

/** Inline tokens, longest first so that ** is not read as two *. */
const INLINE = /\*\*(.+?)\*\*|\*(.+?)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of source.matchAll(INLINE)) {
    const [whole, strong, em, linkText, href] = match;
    if (match.index > last) out.push({ kind: 'text', text: source.slice(last, match.index) });
    if (strong !== undefined) out.push({ kind: 'strong', children: parseInline(strong) });
    else if (em !== undefined) out.push({ kind: 'em', children: parseInline(em) });
    else if (isDrawableLink(href)) out.push({ kind: 'link', href, children: parseInline(linkText!) });
    else out.push({ kind: 'text', text: linkText! }); // an address the shop does not link (javascript:, //…) keeps only its text
    last = match.index + whole.length;
  }
  if (last < source.length) out.push({ kind: 'text', text: source.slice(last) });
  return out;
}

export function parseRichText(source: string): RichBlock[] {
  return source
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk): RichBlock => {
      const lines = chunk.split('\n');
      if (lines.every((line) => /^\s*[-*]\s+/.test(line))) {
        return { kind: 'list', items: lines.map((line) => parseInline(line.replace(/^\s*[-*]\s+/, ''))) };
      }
      return { kind: 'paragraph', children: parseInline(lines.join(' ')) };
    });
}
