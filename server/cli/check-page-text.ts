// Checks the text of a page or funnel file as a merchant's editor holds it: JSON syntax first (with line
// and column), then the page or funnel checks; each error gets the line and column its JSON pointer
// points at. A file with a list of `steps` and no `blocks` is a funnel. The shop's rules (its default
// locale, which every text given by locale must hold) are the caller's to give.
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { validateFunnel } from '../commerce/funnels/validate-funnel';
import { validatePage } from '../commerce/pages/validate-page';
import type { SaveRules } from '../commerce/default-locale-rule';

export interface LocatedError {
  line: number;
  column: number;
  path: string;
  message: string;
}

/** A failed check lists the first errors and counts them all (errorCount). */
export type TextCheck = { ok: true; page: unknown } | { ok: false; errors: LocatedError[]; errorCount: number };

export type DocumentKind = 'page' | 'funnel';

/** A funnel lists its steps; a page, its blocks. */
export function documentKind(value: unknown): DocumentKind {
  const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
  return isObject && Array.isArray((value as { steps?: unknown }).steps) && !('blocks' in value) ? 'funnel' : 'page';
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

function pointerSegments(pointer: string): (string | number)[] {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The node a pointer names, or the nearest existing ancestor (a missing property points at its object). */
function locate(root: Node, pointer: string): Node {
  const segments = pointerSegments(pointer);
  for (let n = segments.length; n >= 0; n--) {
    const node = findNodeAtLocation(root, segments.slice(0, n));
    if (node) {
      // For a property, point at its key: that is where the eye goes.
      const property = node.parent?.type === 'property' ? node.parent : undefined;
      return property?.children?.[0] ?? node;
    }
  }
  return root;
}

/** Checks a page file's text (or a funnel's, when it is one): `page` is the checked document. */
export function checkPageText(text: string, rules: SaveRules = {}): TextCheck & { kind?: DocumentKind } {
  const parseErrors: ParseError[] = [];
  const root = parseTree(text, parseErrors, { allowTrailingComma: false, disallowComments: true });
  if (parseErrors.length || !root) {
    return {
      ok: false,
      errors: parseErrors.map((e) => ({
        ...lineAndColumn(text, e.offset),
        path: '',
        message: `JSON syntax: ${printParseErrorCode(e.error)}`,
      })),
      errorCount: parseErrors.length,
    };
  }
  const value: unknown = JSON.parse(text);
  const kind = documentKind(value);
  const check = kind === 'funnel' ? validateFunnel(value, rules) : validatePage(value, rules);
  if (check.ok) return { ok: true, page: value, kind };
  return {
    ok: false,
    kind,
    errors: check.errors.map((e) => ({ ...lineAndColumn(text, locate(root, e.path).offset), path: e.path, message: e.message })),
    errorCount: 'errorCount' in check ? (check.errorCount as number) : check.errors.length,
  };
}
