// Where a server's CPU time goes, from a V8 CPU profile (bench/cpu-profile.mjs): each sample is put in
// one part of the rendering path by the frames of its stack, read through the build's source maps so
// that the server bundle's lines name the project's own files. A sample belongs to the innermost frame
// that names a part (a library, a folder of the project), so work done inside Node for a caller
// (building a Request for ky, say) is that caller's; JSON parsing and writing, compression and garbage
// collection are parts of their own wherever they are called from.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** The parts of the rendering path, in the order a table shows them. */
export const PARTS = [
  'React render (react-dom)',
  'Components (blocks, views, layout)',
  'Router (matching, head, scripts)',
  'Dehydration (serialising loader data)',
  'Route and block loaders',
  'In-process API calls (client, HTTP objects)',
  'API handlers (Hono routing, validation)',
  'Data (commerce, SQL, caches)',
  'JSON parse and stringify',
  'Schema validation (ajv)',
  'i18n (translations, formats)',
  'SSR glue (prefs, HTML transforms, page cache)',
  'HTTP, streams and text encoding (Node, node-server)',
  'Compression (gzip)',
  'Garbage collection',
  'Other',
] as const;
export type Part = (typeof PARTS)[number];

/** A project source path or package name -> its part; undefined: look further up the stack. */
function partOf(source: string): Part | undefined {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  if (pkg) {
    if (pkg === 'react-dom' || pkg === 'react' || pkg === 'scheduler') return 'React render (react-dom)';
    if (pkg === 'seroval' || pkg === 'seroval-plugins') return 'Dehydration (serialising loader data)';
    if (pkg === '@tanstack/router-core' && /\/ssr\//.test(source)) return 'Dehydration (serialising loader data)';
    if (pkg.startsWith('@tanstack/')) return 'Router (matching, head, scripts)';
    if (pkg === 'ky') return 'In-process API calls (client, HTTP objects)';
    if (pkg === 'hono') return 'API handlers (Hono routing, validation)';
    if (pkg === '@hono/node-server') return 'HTTP, streams and text encoding (Node, node-server)';
    if (pkg === 'ajv' || pkg === 'ajv-formats') return 'Schema validation (ajv)';
    if (pkg === 'i18next' || pkg === 'react-i18next') return 'i18n (translations, formats)';
    if (['drizzle-orm', '@electric-sql/pglite', 'pg', 'pg-protocol', 'lru-cache'].includes(pkg))
      return 'Data (commerce, SQL, caches)';
    return 'Other';
  }
  if (source.startsWith('wasm://')) return 'Data (commerce, SQL, caches)';
  if (/^(blocks\/[^/]+\/load\.ts|renderer\/routes\/[^/]+\.tsx?|renderer\/page\/load-[^/]+\.ts)$/.test(source))
    return 'Route and block loaders';
  if (source.startsWith('renderer/api/')) return 'In-process API calls (client, HTTP objects)';
  if (source.startsWith('renderer/i18n/') || source.startsWith('server/ssr/messages')) return 'i18n (translations, formats)';
  if (source.startsWith('blocks/') || source.startsWith('renderer/')) return 'Components (blocks, views, layout)';
  if (source.startsWith('schemas/')) return 'Schema validation (ajv)';
  if (source.startsWith('server/ssr/')) return 'SSR glue (prefs, HTML transforms, page cache)';
  if (source.startsWith('server/api/') || source === 'server/app.ts') return 'API handlers (Hono routing, validation)';
  if (source.startsWith('server/')) return 'Data (commerce, SQL, caches)';
  return undefined;
}

/** Node's own modules of HTTP, web streams and text encoding: their work is HTTP's when no caller is known. */
const NODE_HTTP =
  /^node:(internal\/deps\/undici|internal\/webstreams|internal\/encoding|_http_|http$|net$|internal\/streams|stream$)/;

const JSON_FUNCTIONS = new Set(['parse', 'stringify', 'parseJSONFromBytes', 'JSONParse', 'JSONStringify']);

/** Reads source maps of the files a profile names (the server bundle and its chunks), once each. */
export function sourceResolver(root: string) {
  const maps = new Map<string, SourceMap | null>();
  const cache = new Map<string, string>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      let map: SourceMap | null = null;
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(url)}.map`, 'utf8')));
      } catch {
        map = null;
      }
      maps.set(url, map);
    }
    return maps.get(url)!;
  };
  /** The project-relative source (or node_modules path) of a frame; '' for Node's own code. */
  return (url: string, line: number, column: number): string => {
    if (!url || url.startsWith('node:')) return '';
    const key = `${url}:${line}:${column}`;
    let source = cache.get(key);
    if (source !== undefined) return source;
    source = url.startsWith('file:') ? fileURLToPath(url) : url;
    // The project's own build only: libraries' maps would name their own sources, not their package.
    const map = url.startsWith(`file://${root}dist/`) ? mapOf(url) : null;
    const entry = map?.findEntry(line, column) as { originalSource?: string } | undefined;
    if (entry?.originalSource) source = entry.originalSource.replace(/^file:\/\//, '');
    source = source.replace(/^.*?\/node_modules\//, 'node_modules/');
    if (!source.startsWith('node_modules/')) source = source.replace(root, '').replace(/^(\.\.\/)+/, '');
    cache.set(key, source);
    return source;
  };
}

/** CPU time (µs) per part, and the samples' total, idle time left out. */
export function summarize(profile: CpuProfile, resolve: (url: string, line: number, column: number) => string) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const partOfNode = new Map<number, Part | null>();

  function classify(id: number): Part | null {
    const known = partOfNode.get(id);
    if (known !== undefined) return known;
    const leaf = byId.get(id)!.callFrame;
    let part: Part | null = null;
    if (leaf.functionName === '(idle)' || leaf.functionName === '(root)') part = null;
    else if (leaf.functionName === '(garbage collector)') part = 'Garbage collection';
    else if (JSON_FUNCTIONS.has(leaf.functionName) && (!leaf.url || leaf.url.startsWith('node:')))
      part = 'JSON parse and stringify';
    else {
      let nodeHttp = false;
      for (let at: number | undefined = id; at !== undefined && part === null; at = parent.get(at)) {
        const frame = byId.get(at)!.callFrame;
        // The profiler's own stop (bench/cpu-profile.mjs) is not the shop's work.
        if (frame.url.endsWith('/bench/cpu-profile.mjs')) return remember(id, null);
        if (frame.url === 'node:zlib' || frame.url.startsWith('node:internal/zlib')) part = 'Compression (gzip)';
        else part = partOf(resolve(frame.url, frame.lineNumber, frame.columnNumber)) ?? null;
        nodeHttp ||= NODE_HTTP.test(frame.url);
      }
      part ??= nodeHttp ? 'HTTP, streams and text encoding (Node, node-server)' : 'Other';
    }
    return remember(id, part);
  }
  function remember(id: number, part: Part | null): Part | null {
    partOfNode.set(id, part);
    return part;
  }

  const micros = new Map<Part, number>(PARTS.map((p) => [p, 0]));
  /** Per part, the functions its time was spent in (self time, µs): for a closer look. */
  const functions = new Map<Part, Map<string, number>>(PARTS.map((p) => [p, new Map()]));
  let total = 0;
  profile.samples.forEach((id, i) => {
    const part = classify(id);
    if (!part) return;
    const dt = profile.timeDeltas[i] ?? 0;
    micros.set(part, micros.get(part)! + dt);
    const frame = byId.get(id)!.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${resolve(frame.url, frame.lineNumber, frame.columnNumber) || frame.url}`;
    const inPart = functions.get(part)!;
    inPart.set(name, (inPart.get(name) ?? 0) + dt);
    total += dt;
  });
  return { micros, functions, total };
}
