// Validates page JSON against schemas/page.schema.json and the rules a schema cannot say (unique block
// ids, nesting depth). Every error names a JSON pointer and says, in plain words, what to change; errors
// inside a block name the block. Used by the pages API, the page loader and `npm run pages -- check`.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import addErrors from 'ajv-errors';
import pageSchema from '../../../schemas/page.schema.json' with { type: 'json' };
import type { Page } from '../../../schemas/generated/page';
import { blockTypes } from '../../../schemas/generated/block-types';
import { dedupeErrors, describeAjvError, pruneCoveredErrors, type FieldError } from '../validation';

type BlockType = (typeof blockTypes)[number];

export type PageError = FieldError;

export type PageCheck = { ok: true; page: Page } | { ok: false; errors: PageError[] };

/** Sections may hold sections, but not without end: deeper pages are hard to edit and to render. */
export const MAX_BLOCK_DEPTH = 4;

let compiled: ValidateFunction | undefined;
function validator(): ValidateFunction {
  if (!compiled) {
    const ajv = new Ajv2020({
      allErrors: true,
      verbose: true,
      useDefaults: true,
      strict: true,
      strictTuples: false,
      strictRequired: false,
    });
    addFormats.default(ajv, ['date-time', 'uri']);
    addErrors.default(ajv);
    compiled = ajv.compile(pageSchema);
  }
  return compiled;
}

/**
 * Checks `input` and, when it is valid, returns a copy with every setting's default filled in
 * (the input itself is never changed, so what a merchant wrote is what gets stored).
 */
export function validatePage(input: unknown): PageCheck {
  const page = structuredClone(input);
  const schemaOk = validator()(page);
  const errors = schemaOk ? [] : describeErrors(validator().errors ?? [], page);
  errors.push(...checkBlockIds(page), ...checkDepth(page));
  if (errors.length) return { ok: false, errors: dedupeErrors(errors) };
  return { ok: true, page: page as Page };
}

function describeErrors(errors: ErrorObject[], page: unknown): PageError[] {
  return pruneCoveredErrors(errors).flatMap((error) => {
    const described = describeAjvError(error);
    return described ? [{ path: described.path, message: withBlockName(described.message, described.path, page) }] : [];
  });
}

/** Names the innermost block a pointer falls in: `must be at most 48 (product-grid block "grid")`. */
function withBlockName(message: string, path: string, page: unknown): string {
  const match = /^((?:\/blocks\/\d+)+)(\/|$)/.exec(path);
  if (!match) return message;
  const block = resolvePointer(page, match[1]!);
  if (!block || typeof block !== 'object') return message;
  const { type, id } = block as { type?: unknown; id?: unknown };
  const name = typeof type === 'string' && blockTypes.includes(type as BlockType) ? `${type} block` : 'block';
  return `${message} (${name}${typeof id === 'string' ? ` "${id}"` : ''})`;
}

function resolvePointer(value: unknown, pointer: string): unknown {
  let current = value;
  for (const part of pointer.split('/').slice(1)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return current;
}

interface BlockAt {
  block: Record<string, unknown>;
  path: string;
  depth: number;
}

/** Walks every block of a (possibly invalid) page, tolerating any shape. */
function* walkBlocks(list: unknown, path: string, depth = 1): Generator<BlockAt> {
  if (!Array.isArray(list)) return;
  for (const [i, block] of list.entries()) {
    if (!block || typeof block !== 'object') continue;
    const at = `${path}/${i}`;
    yield { block: block as Record<string, unknown>, path: at, depth };
    yield* walkBlocks((block as Record<string, unknown>).blocks, `${at}/blocks`, depth + 1);
  }
}

function blocksOf(page: unknown): unknown {
  return page && typeof page === 'object' ? (page as Record<string, unknown>).blocks : undefined;
}

function checkBlockIds(page: unknown): PageError[] {
  const seen = new Map<string, string>();
  const errors: PageError[] = [];
  for (const { block, path } of walkBlocks(blocksOf(page), '/blocks')) {
    if (typeof block.id !== 'string') continue;
    const first = seen.get(block.id);
    if (first) {
      errors.push({
        path: `${path}/id`,
        message: withBlockName(`repeats the id "${block.id}" of ${first}; ids must be unique in a page`, path, page),
      });
    } else {
      seen.set(block.id, path);
    }
  }
  return errors;
}

function checkDepth(page: unknown): PageError[] {
  const errors: PageError[] = [];
  for (const { path, depth } of walkBlocks(blocksOf(page), '/blocks')) {
    if (depth === MAX_BLOCK_DEPTH + 1) {
      errors.push({ path, message: `is nested too deep: blocks may be nested at most ${MAX_BLOCK_DEPTH} levels` });
    }
  }
  return errors;
}
