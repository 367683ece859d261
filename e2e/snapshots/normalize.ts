// The server's markup as kept beside each picture: what differs from run to run for reasons that are not
// a change of the page is replaced by a placeholder, and the markup is laid out one tag a line so a change
// reads as a few lines in `git diff` and in the report. Each rule is listed in docs/qa-snapshots.md.

/** One rule: what it replaces, and why (the report and the docs list them). */
interface Rule {
  name: string;
  pattern: RegExp;
  replacement: string;
}

export function normalizationRules(origin: string): Rule[] {
  return [
    // Vite names each built file after its content: any change of code renames every file that imports it.
    { name: 'build hash', pattern: /(\/assets\/[\w./-]*?)-[\w-]{8}\.(js|css|mjs)\b/g, replacement: '$1-[hash].$2' },
    // The interface strings' address carries a digest of their text, which any changed string anywhere changes.
    { name: 'messages version', pattern: /(\/locales\/[\w-]+\.json\?v=)[0-9a-f]+/g, replacement: '$1[hash]' },
    // The snapshot server's address holds its port, which SNAPSHOT_PORT may change.
    { name: 'origin', pattern: new RegExp(escapeRegExp(origin), 'g'), replacement: '[origin]' },
    // Order and offer tokens (128 random bits in hex) are drawn anew for every order.
    { name: 'token', pattern: /\b[0-9a-f]{32,64}\b/g, replacement: '[token]' },
    // An offer's token is signed (its expiry, then an HMAC under the shop's key, made anew with each database).
    { name: 'offer signature', pattern: /(\[token\]\.\d+)\.[\w-]{43}(?![\w-])/g, replacement: '$1.[signature]' },
    // Visitor ids (random UUIDs) the server hands a browser on its first visit.
    { name: 'uuid', pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, replacement: '[uuid]' },
  ];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The JSON a page carries in <script> tags, indented, so a changed value is a changed line. */
function indentJson(html: string): string {
  return html.replace(
    /(<script type="application\/(?:ld\+)?json"[^>]*>)([\s\S]*?)(<\/script>)/g,
    (whole, open: string, body: string, close: string) => {
      try {
        const indented = JSON.stringify(JSON.parse(body), null, 1).replace(/</g, '\\u003c');
        return `${open}\n${indented}\n${close}`;
      } catch {
        return whole;
      }
    },
  );
}

/** The router's state the server streams (one long script): one value a line. */
const splitRouterState = (html: string) =>
  html.replace(
    /(<script data-tsr-stream-part[^>]*>)([\s\S]*?)(<\/script>)/g,
    (_whole, open: string, body: string, close: string) => {
      return `${open}${body.replace(/,(?=\$R\[\d+\]=)/g, ',\n')}${close}`;
    },
  );

/**
 * The ids of the page's data scripts renumbered in order of appearance: the server numbers each cached
 * object once per process, in the order pages first need it (renderer/serialize-once.ts), so the numbers
 * depend on which pages the run happened to render first. server/ssr/render-cache.test.ts compares pages
 * the same way.
 */
function dataIdsInOrder(html: string): string {
  const ids = new Map<string, number>();
  return html.replace(/(vitrine-data-|\$_TSR\.t\.get\("json"\)\(")(\d+)/g, (_whole, before: string, id: string) => {
    if (!ids.has(id)) ids.set(id, ids.size + 1);
    return `${before}${ids.get(id)}`;
  });
}

/** The markup normalized: the rules applied, one tag a line, JSON and the router's state one value a line. */
export function normalizeHtml(html: string, origin: string): string {
  let text = splitRouterState(indentJson(dataIdsInOrder(html))).replace(/>\s*</g, '>\n<');
  for (const rule of normalizationRules(origin)) text = text.replace(rule.pattern, rule.replacement);
  return text.endsWith('\n') ? text : `${text}\n`;
}
