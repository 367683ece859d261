// Whole documents cached as templates (issue 10): the page rendered for a request is cached, with holes
// where the next request's page may differ, and written again from it while everything else it was
// rendered from stays the same. Only the router still runs for each request (matching, loaders, status,
// headers and its data script); React renders nothing but the blocks rendered every request (the
// countdown: the server's clock). Public pages only (render-cache.ts).
//
// What a page is rendered from, and how a template is known to be right for a request:
// - its address, locale, currency and phone or desktop, and each route's match: its route, status and
//   loader data. Loader data is compared one level deep: plain values by value, objects by identity (the
//   server hands out the same object while its data stays the same: its caches, composedOf; a saved page,
//   a new price or stock makes a new object, so a new key). The page clock (`now`) is left out: only the
//   blocks rendered every request read it, and the router's data script, both made anew each time;
// - the blocks rendered every request fill their holes, rendered alone now (cached-html.tsx), as on every
//   page: a template is only made when each such block rendered alone is, byte for byte, what the page
//   rendered;
// - the router's data script (a few KB: the objects written once are JSON scripts of the page,
//   renderer/serialize-once.ts) is always the one made for this request. For gzip, the
//   template holds its script's bytes between the numbers that change each time (match times, the page
//   clock), deflated once; a request's script is compared with them (memcmp) and, where it differs, it is
//   deflated whole;
// - the strings the page sends the browser (the translation snapshot) must hold those the blocks rendered
//   now used, or the page is rendered whole.
// A key becomes a template the second time it is rendered: a page rendered from data made for one request
// only is never cached.
import { LRUCache } from 'lru-cache';
import { deflatedPiece, gzipOfPieces } from './gzip-pieces';

/** A route's match as far as the page's HTML depends on it. */
export interface MatchFacts {
  routeId: string;
  status: string;
  loaderData?: unknown;
}

/** What a page is rendered from beside the blocks rendered every request and the router's data script. */
export interface DocumentFacts {
  /** Path and query. */
  address: string;
  locale: string;
  currency: string;
  status: number;
  matches: readonly MatchFacts[];
}

/** A block rendered every request: its frame's opening tag (BlockView) and what it rendered inside. */
export interface PerRequestBlock {
  id: string;
  frame: string;
  html: string;
}

/** Loader data fields read only by the blocks rendered every request and the router's data script (the page clock). */
const PER_REQUEST_FIELDS = new Set(['now']);

/** The numbers of the router's data script that change from one request to the next: match times and the page clock. */
const CHANGING_NUMBERS = /\b(?:u|now):(\d+)/g;

const ids = new WeakMap<object, number>();
let lastId = 0;
function idOf(value: object): number {
  let id = ids.get(value);
  if (id === undefined) ids.set(value, (id = ++lastId));
  return id;
}

const valueKey = (value: unknown) =>
  value !== null && typeof value === 'object' ? `#${idOf(value)}` : (JSON.stringify(value) ?? 'undefined');

function loaderDataKey(data: unknown): string {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return valueKey(data);
  let key = '{';
  for (const [field, value] of Object.entries(data)) if (!PER_REQUEST_FIELDS.has(field)) key += `${field}=${valueKey(value)};`;
  return `${key}}`;
}

/** The key of the page these facts render, or undefined for a page never cached (not a 200, a match not loaded). */
export function documentKey(facts: DocumentFacts): string | undefined {
  if (facts.status !== 200) return undefined;
  let key = `${facts.address}\n${facts.locale}|${facts.currency}`;
  for (const match of facts.matches) {
    if (match.status !== 'success') return undefined;
    key += `\n${match.routeId} ${loaderDataKey(match.loaderData)}`;
  }
  return key;
}

export interface DocumentTemplate {
  /** The page's bytes up to the router's data script, between the blocks rendered every request. */
  before: Uint8Array<ArrayBuffer>[];
  /** The ids of the blocks rendered every request, in page order. */
  blocks: string[];
  /** The router's data script as rendered for the template, between its changing numbers. */
  script: Uint8Array<ArrayBuffer>[];
  /** The page's bytes after the router's data script. */
  after: Uint8Array<ArrayBuffer>;
  /** The strings the page carries for the browser's first render. */
  entries: Record<string, string>;
  /** The same pieces deflated (gzip-pieces.ts): made the first time the page is sent gzipped. */
  deflated?: { before: Uint8Array[]; script: Uint8Array[]; after: Uint8Array };
  size: number;
}

/** A page written from a template: its bytes, and its gzip on demand. */
export interface FilledDocument {
  body: Uint8Array<ArrayBuffer>;
  gzipped: () => Uint8Array<ArrayBuffer>;
}

const bytesOf = (text: string) => new Uint8Array(Buffer.from(text));

/**
 * The template of `document` (the page as sent), or undefined when its blocks rendered every request, or
 * the router's data script, are not found in it as given.
 */
export function templateOf(
  document: string,
  parts: { blocks: readonly PerRequestBlock[]; script: string; entries: Record<string, string> },
): DocumentTemplate | undefined {
  const before: string[] = [];
  let cursor = 0;
  for (const block of parts.blocks) {
    const frame = document.indexOf(block.frame, cursor);
    if (frame < 0) return undefined;
    const at = frame + block.frame.length;
    if (!document.startsWith(block.html, at)) return undefined;
    before.push(document.slice(cursor, at));
    cursor = at + block.html.length;
  }
  const scriptAt = parts.script ? document.indexOf(parts.script, cursor) : -1;
  if (scriptAt < 0) return undefined;
  before.push(document.slice(cursor, scriptAt));
  const script: string[] = [];
  let last = 0;
  for (const match of parts.script.matchAll(CHANGING_NUMBERS)) {
    script.push(parts.script.slice(last, match.index + match[0].length - match[1]!.length));
    last = match.index + match[0].length;
  }
  script.push(parts.script.slice(last));
  const template = {
    before: before.map(bytesOf),
    blocks: parts.blocks.map((block) => block.id),
    script: script.map(bytesOf),
    after: bytesOf(document.slice(scriptAt + parts.script.length)),
    entries: parts.entries,
  };
  let size = template.after.byteLength * 2;
  for (const bytes of [...template.before, ...template.script]) size += bytes.byteLength * 2;
  return { ...template, size };
}

const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 48 && byte <= 57;

/**
 * A request's data script (its bytes) as deflated pieces: the template's script pieces, deflated once,
 * with this request's numbers between them; or, should it differ from the template's anywhere else, the
 * script deflated whole.
 */
function scriptPieces(live: Buffer, script: readonly Uint8Array[], deflated: readonly Uint8Array[]): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  let at = 0;
  for (let i = 0; i < script.length; i++) {
    const text = script[i]!;
    if (live.compare(text, 0, text.byteLength, at, at + text.byteLength) !== 0) return [deflatedPiece(live)];
    pieces.push(deflated[i]!);
    at += text.byteLength;
    if (i === script.length - 1) break;
    let end = at;
    while (isDigit(live[end])) end++;
    if (end === at) return [deflatedPiece(live)];
    pieces.push(deflatedPiece(live.subarray(at, end)));
    at = end;
  }
  return at === live.byteLength ? pieces : [deflatedPiece(live)];
}

/**
 * The page written from `template` with this request's blocks rendered every request, data script and
 * strings; undefined when the blocks or strings do not fit it (the page is then rendered whole). The script is
 * always this request's own.
 */
export function fill(
  template: DocumentTemplate,
  now: { blocks: readonly PerRequestBlock[]; script: string; entries: Record<string, string> },
): FilledDocument | undefined {
  if (now.blocks.length !== template.blocks.length || now.blocks.some((block, i) => block.id !== template.blocks[i]))
    return undefined;
  for (const [key, value] of Object.entries(now.entries)) if (template.entries[key] !== value) return undefined;
  const { before, after } = template;
  // This request's parts, in UTF-8: the blocks rendered now, then its script.
  const holes = [...now.blocks.map((block) => block.html), now.script].map((hole) => Buffer.from(hole));
  const plain: Uint8Array[] = [];
  before.forEach((bytes, i) => plain.push(bytes, holes[i]!));
  plain.push(after);
  let body: Uint8Array<ArrayBuffer> | undefined;
  return {
    // Laid end to end when asked: a browser that takes gzip is sent the gzip alone.
    get body() {
      if (body) return body;
      let size = 0;
      for (const piece of plain) size += piece.byteLength;
      body = new Uint8Array(size);
      let at = 0;
      for (const piece of plain) {
        body.set(piece, at);
        at += piece.byteLength;
      }
      return body;
    },
    gzipped: () => {
      const deflated = (template.deflated ??= {
        before: before.map(deflatedPiece),
        script: template.script.map(deflatedPiece),
        after: deflatedPiece(after),
      });
      const pieces: Uint8Array[] = [];
      holes.forEach((hole, i) => {
        pieces.push(deflated.before[i]!);
        if (i < now.blocks.length) pieces.push(deflatedPiece(hole));
        else pieces.push(...scriptPieces(hole, template.script, deflated.script));
      });
      pieces.push(deflated.after);
      return gzipOfPieces(plain, pieces);
    },
  };
}

/** Templates by key, and the keys rendered once (a key rendered a second time is cached). */
export function createDocumentCache(options: { maxBytes?: number } = {}) {
  const templates = new LRUCache<string, DocumentTemplate>({
    maxSize: options.maxBytes ?? 48 * 1024 * 1024,
    sizeCalculation: (template) => template.size,
  });
  /** Keys rendered once, and those whose page cannot be cached (a block rendered alone is not what the page rendered). */
  const seen = new LRUCache<string, 'once' | 'refused'>({ max: 10_000 });
  return {
    get: (key: string) => templates.get(key),
    /** Whether a page rendered now under this key should be cached (the second time it is rendered). */
    wanted(key: string): boolean {
      const before = seen.get(key);
      if (!before) seen.set(key, 'once');
      return before === 'once';
    },
    /** Caches the page's template, or remembers that this key's page cannot be cached. */
    set(key: string, template: DocumentTemplate | undefined) {
      if (template) templates.set(key, template);
      else seen.set(key, 'refused');
    },
  };
}
