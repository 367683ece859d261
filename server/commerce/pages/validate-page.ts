// Validates page JSON against schemas/page.schema.json and the rules a schema cannot say (unique block
// ids, nesting depth). Every error names a JSON pointer and says, in plain words, what to change; errors
// inside a block name the block. Used by the pages API, the page loader and `npm run pages -- check`.
// A save also passes the shop's default locale, which every text given by locale must hold
// (default-locale-rule.ts); a stored page is checked without it.
import type { ErrorObject } from 'ajv';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import pageSchema from '../../../schemas/page.schema.json' with { type: 'json' };
import type { Page } from '../../../schemas/generated/page';
import { blockTypes } from '../../../schemas/generated/block-types';
import { blockMigrations } from '../../../schemas/generated/page-migrations';
import { migratePageInPlace, type BlockMigrations } from '../../../schemas/page-migrations';
import { defaultLocaleKeyword, type SaveRules } from '../default-locale-rule';
import {
  dedupeErrors,
  describeAjvErrors,
  errorMessageKeyword,
  MAX_REPORTED_ERRORS,
  shapeErrors,
  type FieldError,
} from '../validation';

type BlockType = (typeof blockTypes)[number];

export type PageError = FieldError;

/** What a page is checked with: the shop's rules for a save, and the block migrations (the shop's own by default). */
export interface PageCheckOptions extends SaveRules {
  migrations?: BlockMigrations;
}

/** A failed check lists the first MAX_REPORTED_ERRORS errors and counts them all. */
export type PageCheck = { ok: true; page: Page } | { ok: false; errors: PageError[]; errorCount: number };

/** Sections may hold sections, but not without end: deeper pages are hard to edit and to render. */
export const MAX_BLOCK_DEPTH = 4;
/** Blocks in a page, nested ones included: a page is read by people on phones, and checked in bounded time. */
export const MAX_PAGE_BLOCKS = 200;
/**
 * Bounds on the JSON of a page. The deepest valid page has blocks 4 levels deep with a localized text in
 * a setting; the object with the most properties a page needs is a localized text (22 locales). Past
 * these bounds every extra property would be an error of its own for the validator to make and describe.
 */
export const PAGE_SHAPE = { maxDepth: 2 * MAX_BLOCK_DEPTH + 6, maxProperties: 40 };

interface Validators {
  /** The page without its blocks (they are checked one by one). */
  page: ValidateFunction;
  /** One block, without the blocks it holds. */
  block: ValidateFunction;
  maxListItems: number;
}

let compiled: Validators | undefined;
function validators(): Validators {
  if (!compiled) {
    const ajv = new Ajv2020({
      allErrors: true,
      verbose: true,
      useDefaults: true,
      strict: true,
      strictTuples: false,
      strictRequired: false,
      passContext: true,
    });
    addFormats.default(ajv, ['date-time', 'uri']);
    ajv.addKeyword(errorMessageKeyword);
    ajv.addKeyword(defaultLocaleKeyword);
    const page = ajv.compile(pageSchema);
    compiled = {
      page,
      block: ajv.getSchema(`${pageSchema.$id}#/$defs/block`)!,
      maxListItems: pageSchema.$defs.blockList.maxItems,
    };
  }
  return compiled;
}

/** Time the async check runs before it lets other requests in. */
const SLICE_MS = 5;

/**
 * Checks `input` and, when it is valid, returns a copy with every setting's default filled in
 * (the input itself is never changed, so what a merchant wrote is what gets stored).
 *
 * Its time is bounded by the size of the input, and comes in small steps: what the schema should never
 * see (too many blocks, blocks or values nested too deep, objects with very many properties, NUL
 * characters) is refused first by iterative walks; then the page's own fields are checked, then each
 * block on its own (its settings, not the blocks it holds). validatePageInSlices lets other requests
 * run between the steps, so one large bad page never holds up the shop.
 */
export function validatePage(input: unknown, options: PageCheckOptions = {}): PageCheck {
  return finish(checkSteps(input, options, refuseEvery));
}

/**
 * Checks a version already stored, to render or preview it: as validatePage, except that a link setting
 * the shop refuses today (schemas/shop-link.schema.json) does not fail the page. Pages stored before links
 * were checked as links may hold one; ShopLink draws such a link as its text, so the page still shows
 * (a 404 for a whole live page over one odd link is what this avoids). Saving it again asks for a link.
 * Likewise a text without the shop's default locale shows (in another language): it takes no SaveRules.
 */
export function validateStoredPage(input: unknown, options: { migrations?: BlockMigrations } = {}): PageCheck {
  return finish(checkSteps(input, { migrations: options.migrations }, isOddLink));
}

function finish(steps: Generator<void, PageCheck>): PageCheck {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Which of ajv's errors a check lets pass. */
type Tolerated = (error: ErrorObject) => boolean;
const refuseEvery: Tolerated = () => false;
/** Text in a link setting that is not a link the shop accepts (its type and length are checked as ever). */
const isOddLink: Tolerated = (error) => error.keyword === 'pattern' && error.parentSchema === pageSchema.$defs.shopLink;

/** validatePage, giving the event loop back every few milliseconds (for pages that arrive over HTTP). */
export async function validatePageInSlices(input: unknown, options: PageCheckOptions = {}): Promise<PageCheck> {
  const steps = checkSteps(input, options, refuseEvery);
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}

function* checkSteps(input: unknown, options: PageCheckOptions, tolerated: Tolerated): Generator<void, PageCheck> {
  const { migrations = blockMigrations, ...rules } = options;
  const items = [...walkItems(blocksOf(input), '/blocks')];
  const blocks = items.filter((item): item is BlockAt => isObject(item.block));
  if (items.length > MAX_PAGE_BLOCKS) {
    return failed(input, [
      {
        path: '/blocks',
        message: `holds ${items.length} blocks (nested ones included); a page may hold at most ${MAX_PAGE_BLOCKS}`,
      },
    ]);
  }
  const tooDeep = checkDepth(blocks);
  const shape = shapeErrors(input, PAGE_SHAPE);
  if (shape.length) return failed(input, [...tooDeep, ...shape]);
  yield;
  const page = structuredClone(input);
  // An older page is brought to the current format first (schemas/page-migrations.ts).
  const tooNew = migratePageInPlace(page, migrations);
  if (tooNew) return failed(input, [{ path: '/schemaVersion', message: tooNew }]);
  const { page: checkPage, block: checkBlock, maxListItems } = validators();
  const errors: PageError[] = [...checkBlockIds(blocks), ...tooDeep, ...checkListLengths(page, maxListItems)];
  errors.push(...checkShallow(checkPage, page, '', rules, tolerated));
  yield;
  for (const { path, depth } of walkItems(blocksOf(page), '/blocks')) {
    if (depth > MAX_BLOCK_DEPTH) continue;
    errors.push(...checkShallow(checkBlock, resolvePointer(page, path), path, rules, tolerated));
    yield;
  }
  if (errors.length) return failed(page, errors);
  return { ok: true, page: page as Page };
}

/**
 * Validates an object (the page, or one block) as if the blocks it holds were an empty list, so each
 * step's work is bounded by that object alone; defaults are filled into the object itself. Errors point
 * into the whole page (`at` is the object's pointer).
 */
function checkShallow(
  validate: ValidateFunction,
  value: unknown,
  at: string,
  rules: SaveRules,
  tolerated: Tolerated,
): PageError[] {
  const holdsBlocks = isObject(value) && Array.isArray(value.blocks);
  const shallow = holdsBlocks ? { ...value, blocks: [] } : value;
  const ok = validate.call(rules, shallow);
  if (holdsBlocks) Object.assign(value, { ...(shallow as object), blocks: value.blocks });
  if (ok) return [];
  // What is left of a tolerated error is only "a branch failed" (an `if` of the block's type), said by nothing.
  const errors = (validate.errors ?? []).filter((e) => !tolerated(e));
  return describeAjvErrors(errors).map((e) => ({ path: at + e.path, message: e.message }));
}

/** The schema's maxItems of a list of blocks, checked here because lists are emptied for checkShallow. */
function checkListLengths(page: unknown, maxItems: number): PageError[] {
  const lists: [unknown, string][] = [[blocksOf(page), '/blocks']];
  for (const { block, path, depth } of walkItems(blocksOf(page), '/blocks')) {
    if (depth <= MAX_BLOCK_DEPTH && isObject(block)) lists.push([block.blocks, `${path}/blocks`]);
  }
  return lists
    .filter(([list]) => Array.isArray(list) && list.length > maxItems)
    .map(([, path]) => ({ path, message: `must have at most ${maxItems} items` }));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Errors deduplicated and counted; only those listed are given the name of their block (one lookup each). */
function failed(page: unknown, errors: PageError[]): PageCheck {
  const unique = dedupeErrors(errors);
  return {
    ok: false,
    errors: unique.slice(0, MAX_REPORTED_ERRORS).map((e) => ({ path: e.path, message: withBlockName(e.message, e.path, page) })),
    errorCount: unique.length,
  };
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

interface ItemAt {
  /** Anything a list of blocks holds: a block, or something that should have been one. */
  block: unknown;
  path: string;
  depth: number;
}
type BlockAt = ItemAt & { block: Record<string, unknown> };

/**
 * Walks every item of the lists of blocks of a (possibly invalid) page, tolerating any shape. It goes no
 * deeper than one level past MAX_BLOCK_DEPTH (that level is reported), so its recursion is bounded.
 */
function* walkItems(list: unknown, path: string, depth = 1): Generator<ItemAt> {
  if (!Array.isArray(list)) return;
  for (const [i, block] of list.entries()) {
    const at = `${path}/${i}`;
    yield { block, path: at, depth };
    if (depth <= MAX_BLOCK_DEPTH && isObject(block)) yield* walkItems(block.blocks, `${at}/blocks`, depth + 1);
  }
}

function blocksOf(page: unknown): unknown {
  return isObject(page) ? page.blocks : undefined;
}

function checkBlockIds(blocks: BlockAt[]): PageError[] {
  const seen = new Map<string, string>();
  const errors: PageError[] = [];
  for (const { block, path } of blocks) {
    if (typeof block.id !== 'string') continue;
    const first = seen.get(block.id);
    if (first) {
      errors.push({
        path: `${path}/id`,
        message: `repeats the id "${block.id}" of ${first}; ids must be unique in a page`,
      });
    } else {
      seen.set(block.id, path);
    }
  }
  return errors;
}

function checkDepth(blocks: BlockAt[]): PageError[] {
  return blocks
    .filter(({ depth }) => depth === MAX_BLOCK_DEPTH + 1)
    .map(({ path }) => ({ path, message: `is nested too deep: blocks may be nested at most ${MAX_BLOCK_DEPTH} levels` }));
}
