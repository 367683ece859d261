// Turns ajv's errors into { path, message } pairs a person can act on. Shared by page validation and
// API request validation.
//
// A schema may say its errors in its own words with `errorMessage` (the keyword of ajv-errors, which
// editors know): a string for any error of that schema and the schemas beneath it (the branches of an
// anyOf), or an object keyed by keyword (`{ "pattern": "must be …" }`, `${0}` standing for the value).
// ajv-errors itself is not used: it matches every message against every error found so far in the
// whole document, so a page with many errors took time growing with their square. Here the errors
// are read once each, in linear time.
import type { ErrorObject, KeywordDefinition } from 'ajv';

export interface FieldError {
  /** JSON pointer into the checked value, e.g. /blocks/2/settings/limit. */
  path: string;
  message: string;
}

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

export function escapePointer(segment: string): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

const allowedLists = new WeakMap<object, string>();
/** "; allowed: a, b" for a schema's properties (once per schema: a page may have thousands of such errors). */
function allowedProperties(schema: unknown): string {
  if (!schema || typeof schema !== 'object') return '';
  let text = allowedLists.get(schema);
  if (text === undefined) {
    const allowed = Object.keys((schema as { properties?: object }).properties ?? {}).filter((k) => k !== '$schema');
    text = allowed.length ? `; allowed: ${allowed.join(', ')}` : '';
    allowedLists.set(schema, text);
  }
  return text;
}

/** The `errorMessage` keyword, for ajv to accept in strict mode; describeAjvErrors reads it. */
export const errorMessageKeyword: KeywordDefinition = { keyword: 'errorMessage', schemaType: ['string', 'object'] };

/** The schema's own words for an error (its `errorMessage`), if it has some. */
function customMessage(error: ErrorObject): string | undefined {
  const own = (error.parentSchema as { errorMessage?: unknown } | undefined)?.errorMessage;
  if (typeof own === 'string') return own;
  const forKeyword = own && typeof own === 'object' ? (own as Record<string, unknown>)[error.keyword] : undefined;
  return typeof forKeyword === 'string' ? forKeyword.replace(/\$\{0\}/g, () => JSON.stringify(error.data)) : undefined;
}

/**
 * Every error of a validation (ajv with `verbose`, for the schemas and values), described once: an error
 * whose schema has its own words takes them, and the errors beneath it (the failing branches of a oneOf
 * it covers) are dropped. Linear in the number of errors and the length of their schema paths.
 */
export function describeAjvErrors(errors: ErrorObject[]): FieldError[] {
  const custom = errors.map(customMessage);
  const covered = new Set<string>();
  errors.forEach((e, i) => custom[i] !== undefined && covered.add(e.schemaPath));
  // Many errors share a schema path (one per block of a type): each path is looked at once.
  const kept = new Map<string, boolean>();
  const isKept = (schemaPath: string) => {
    for (let slash = schemaPath.indexOf('/'); slash !== -1; slash = schemaPath.indexOf('/', slash + 1)) {
      if (covered.has(schemaPath.slice(0, slash))) return false;
    }
    return true;
  };
  return errors.flatMap((e, i) => {
    let keep = kept.get(e.schemaPath);
    if (keep === undefined) kept.set(e.schemaPath, (keep = isKept(e.schemaPath)));
    if (!keep) return [];
    const message = custom[i];
    if (message !== undefined) return [{ path: e.instancePath, message }];
    return describeAjvError(e) ?? [];
  });
}

/** One readable error, or null for errors that only say "some branch failed" (its branch says what). */
export function describeAjvError(error: ErrorObject): FieldError | null {
  const p = error.params as Record<string, any>;
  const at = (message: string, path = error.instancePath): FieldError => ({ path, message });
  switch (error.keyword) {
    case 'required':
      return at('is required', `${error.instancePath}/${escapePointer(p.missingProperty)}`);
    case 'dependentRequired':
      return at(`is required when "${p.property}" is set`, `${error.instancePath}/${escapePointer(p.missingProperty)}`);
    case 'additionalProperties':
      return at(
        `is not a known property${allowedProperties(error.parentSchema)}`,
        `${error.instancePath}/${escapePointer(p.additionalProperty)}`,
      );
    case 'type':
      return at(
        `must be ${String(p.type)
          .split(',')
          .map((t) => TYPE_NAMES[t] ?? t)
          .join(' or ')}`,
      );
    case 'enum':
      return at(`must be one of: ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`);
    case 'const':
      return at(`must be ${JSON.stringify(p.allowedValue)}`);
    case 'maximum':
      return at(`must be at most ${p.limit}`);
    case 'minimum':
      return at(`must be at least ${p.limit}`);
    case 'exclusiveMaximum':
      return at(`must be less than ${p.limit}`);
    case 'exclusiveMinimum':
      return at(`must be more than ${p.limit}`);
    case 'maxLength':
      return at(`must be at most ${plural(p.limit, 'character')}`);
    case 'minLength':
      return at(p.limit === 1 ? 'must not be empty' : `must be at least ${plural(p.limit, 'character')}`);
    case 'maxItems':
      return at(`must have at most ${plural(p.limit, 'item')}`);
    case 'minItems':
      return at(`must have at least ${plural(p.limit, 'item')}`);
    case 'minProperties':
      return at(`must have at least ${plural(p.limit, 'entry', 'entries')}`);
    case 'uniqueItems':
      return at(`must not repeat items (items ${p.j} and ${p.i} are the same)`);
    case 'format':
      return at(`must be a valid ${p.format}`);
    case 'pattern':
      return at(`does not have the expected form (${p.pattern})`);
    case 'false schema':
      return at('is not allowed here');
    case 'if':
    case 'anyOf':
    case 'oneOf':
    case 'propertyNames':
      return null;
    default:
      return at(error.message ?? 'is not valid');
  }
}

/** How many errors an answer lists at most; the rest are counted. */
export const MAX_REPORTED_ERRORS = 100;

/** The errors an answer lists (the first MAX_REPORTED_ERRORS) and how many there are in all. */
export function reportedErrors<T>(errors: T[]): { errors: T[]; errorCount: number } {
  return { errors: errors.slice(0, MAX_REPORTED_ERRORS), errorCount: errors.length };
}

/** "3 errors", "1 error"; "1,234 errors (the first 100 are listed)" past the limit. */
export function errorCountText(count: number): string {
  const text = `${count.toLocaleString('en')} error${count === 1 ? '' : 's'}`;
  return count > MAX_REPORTED_ERRORS ? `${text} (the first ${MAX_REPORTED_ERRORS} are listed)` : text;
}

export function dedupeErrors<T extends FieldError>(errors: T[]): T[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.path}\n${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Bounds on the shape of any JSON a request carries, checked before a schema sees it. */
export interface ShapeLimits {
  /** How deep objects and lists may nest (the value itself is depth 0). */
  maxDepth: number;
  /** Most properties one object may have. */
  maxProperties: number;
}

export const REQUEST_SHAPE: ShapeLimits = { maxDepth: 16, maxProperties: 100 };

/**
 * What no schema should have to look at: nesting deeper than `maxDepth` (a validator or a copy would
 * recurse without end), objects with more than `maxProperties` properties (each unknown one would be
 * an error of its own), and text holding the NUL character (PostgreSQL cannot store it). The walk is
 * iterative and stops at `maxErrors`, so its time is bounded by the size of the input.
 */
export function shapeErrors(value: unknown, limits: ShapeLimits, maxErrors = 10): FieldError[] {
  const errors: FieldError[] = [];
  const stack: [unknown, string, number][] = [[value, '', 0]];
  while (stack.length && errors.length < maxErrors) {
    const [item, path, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) errors.push({ path, message: 'must not contain the NUL character (\\u0000)' });
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= limits.maxDepth) {
      errors.push({ path, message: `is nested too deep: values may be nested at most ${limits.maxDepth} levels` });
      continue;
    }
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], `${path}/${i}`, depth + 1]);
      continue;
    }
    const keys = Object.keys(item);
    if (keys.length > limits.maxProperties) {
      errors.push({ path, message: `must have at most ${limits.maxProperties} properties (it has ${keys.length})` });
      continue;
    }
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const at = `${path}/${escapePointer(key)}`;
      if (key.includes('\u0000')) errors.push({ path: at, message: 'must not contain the NUL character (\\u0000)' });
      else stack.push([(item as Record<string, unknown>)[key], at, depth + 1]);
    }
  }
  return errors;
}
