// Request validation against the payload schemas of schemas/api.schema.json: unknown fields are
// refused with a 400 that lists every error; defaults are filled in.
//
// Bodies are JSON (Content-Type application/json, else 415), read once per request (jsonBody), and are
// taken as they are typed: `"2"` is not the number 2. Query parameters are
// text by nature: a parameter the schema types as a whole number is read as one only when it is
// written as one (`2`, `-1`; not `2.0`, `1e0`, `0x10` or ` 2`), `true`/`false` as a boolean; any
// other text stays text and the schema refuses it.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Context, MiddlewareHandler } from 'hono';
import apiSchema from '../../schemas/api.schema.json' with { type: 'json' };
import { badRequest } from '../commerce/errors';
import { isJsonType, unsupportedType } from './body-limits';
import {
  dedupeErrors,
  describeAjvErrors,
  errorCountText,
  escapePointer,
  REQUEST_SHAPE,
  reportedErrors,
  shapeErrors,
  type FieldError,
} from '../commerce/validation';

/** Query parameters any call may carry (spec section 7): they are read elsewhere, not by the call's schema. */
const COMMON_QUERY = new Set(['currencyCode', 'lang']);

const ajv = new Ajv2020({
  allErrors: true,
  verbose: true,
  useDefaults: true,
  strict: true,
  strictRequired: false,
});
addFormats.default(ajv, ['date-time', 'email']);
// tsType only guides the type generator.
ajv.addKeyword('tsType');
ajv.addSchema(apiSchema);
const compiled = new Map<string, ValidateFunction>();

function validatorFor(def: string): ValidateFunction {
  let fn = compiled.get(def);
  if (!fn) {
    fn = ajv.getSchema(`api.schema.json#/$defs/${def}`);
    if (!fn) throw new Error(`schemas/api.schema.json has no $defs/${def}`);
    compiled.set(def, fn);
  }
  return fn;
}

function refuse(what: string, errors: FieldError[]): never {
  const { errors: listed, errorCount } = reportedErrors(errors);
  throw badRequest(
    `The ${what} is not valid (${errorCountText(errorCount)}): ${listed
      .slice(0, 10)
      .map((e) => `${e.path || '/'} ${e.message}`)
      .join('; ')}`,
    { errors: listed, errorCount },
  );
}

/** Checks a value against a payload schema; throws a 400 listing the errors. */
export function check<T>(def: string, value: unknown, what: string): T {
  const shape = shapeErrors(value, REQUEST_SHAPE);
  if (shape.length) refuse(what, shape);
  const validate = validatorFor(def);
  if (validate(value)) return value as T;
  refuse(what, dedupeErrors(describeAjvErrors(validate.errors ?? [])));
}

type PropertySchema = { type?: string | string[] };
const defs = apiSchema.$defs as Record<
  string,
  { properties?: Record<string, PropertySchema>; patternProperties?: Record<string, PropertySchema> }
>;

const patterns = new Map<string, RegExp>();
/** A schema's property pattern, compiled once (not on every request). */
const patternOf = (pattern: string) => patterns.get(pattern) ?? patterns.set(pattern, new RegExp(pattern)).get(pattern)!;

/** The schema of query parameter `name` of a query schema, for reading its text as the type it declares. */
function parameterSchema(def: string, name: string): PropertySchema | undefined {
  const schema = defs[def];
  if (!schema) return undefined;
  if (schema.properties && Object.hasOwn(schema.properties, name)) return schema.properties[name];
  for (const [pattern, inner] of Object.entries(schema.patternProperties ?? {})) if (patternOf(pattern).test(name)) return inner;
  return undefined;
}

const WHOLE_NUMBER = /^-?(?:0|[1-9]\d{0,15})$/;

function typedParameter(schema: PropertySchema | undefined, text: string): unknown {
  const types = ([] as string[]).concat(schema?.type ?? []);
  if (types.includes('integer') && WHOLE_NUMBER.test(text)) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/**
 * The query as an object without a prototype (so `__proto__` or `constructor` is a parameter like any
 * other, and refused as unknown), each value read as the type its schema declares.
 */
function parseQuery<T>(c: Context, def: string): T {
  const query: Record<string, unknown> = Object.create(null);
  for (const [key, value] of new URL(c.req.url).searchParams) {
    if (COMMON_QUERY.has(key)) continue;
    if (Object.hasOwn(query, key)) {
      refuse('query', [{ path: `/${escapePointer(key)}`, message: 'is given more than once' }]);
    }
    query[key] = typedParameter(parameterSchema(def, key), value);
  }
  return check<T>(def, query, 'query');
}

/**
 * What the JSON parser said, without the piece of the body it may quote (V8 writes `Unexpected token 'x',
 * "…" is not valid JSON`): a body may hold a card number or a password, which must not reach a log.
 */
export const parserProblem = (error: unknown) => String((error as Error).message ?? error).split(/, "|: "/)[0]!;

/**
 * The request's JSON body, read and parsed once per request: every reader (the payment signature, the
 * schema check, the idempotency key, a handler) gets this same value, so what a check sees is what is
 * acted on. A 415 when the body is not declared JSON (body-limits.ts refuses it before any call; this
 * is the readers' own guard), a 400 when it does not parse.
 */
export function jsonBody(c: Context): Promise<unknown> {
  let parsed = c.get('jsonBody');
  if (parsed === undefined) {
    parsed = readJson(c);
    c.set('jsonBody', parsed);
    // A reader awaits it; one left unawaited (its check refused first) must not be an unhandled rejection.
    parsed.catch(() => {});
  }
  return parsed;
}

async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header('content-type');
  if (!isJsonType(type)) throw unsupportedType(type);
  const text = await c.req.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest(`The request body is not valid JSON: ${parserProblem(error)}`);
  }
  // Hono's own c.req.json() answers with the same value, not a second parse of the text.
  c.req.bodyCache.json = Promise.resolve(value);
  return value;
}

/** The JSON body, checked against a payload schema (unknown fields are refused). */
async function parseBody<T>(c: Context, def: string): Promise<T> {
  return check<T>(def, await jsonBody(c), 'request body');
}

export type Target = 'json' | 'query';
/** What a validating middleware checks: read by openapi.ts, so the API document names the same schemas. */
export interface Validates {
  target: Target;
  /** The $defs name in schemas/api.schema.json ('Page': schemas/page.schema.json, checked by the page store). */
  def: string;
}

declare module 'hono' {
  interface ContextVariableMap {
    jsonBody: Promise<unknown>;
    validJson: unknown;
    validQuery: unknown;
  }
}
const VALID = { json: 'validJson', query: 'validQuery' } as const;

/**
 * Middleware: checks the body or the query against a payload schema (a 400 listing the errors), and
 * keeps the checked value for the handler (`valid(c, 'query')`). The validator is compiled when the
 * route is made: compiling takes tens of milliseconds, which would otherwise hold up the first request.
 */
export function validate(target: Target, def: string): MiddlewareHandler & { validates: Validates } {
  validatorFor(def);
  const handler: MiddlewareHandler = async (c, next) => {
    c.set(VALID[target], target === 'json' ? await parseBody(c, def) : parseQuery(c, def));
    await next();
  };
  return Object.assign(handler, { validates: { target, def } });
}

/**
 * Middleware for a page body: read as JSON (a 400 when it is not), and checked by the page store, whose
 * validator works in bounded steps (commerce/pages/validate-page.ts).
 */
export function pageBody(def: 'Page' | 'Funnel' = 'Page'): MiddlewareHandler & { validates: Validates } {
  const handler: MiddlewareHandler = async (c, next) => {
    c.set('validJson', await jsonBody(c));
    await next();
  };
  return Object.assign(handler, { validates: { target: 'json' as const, def } });
}

/** The value a validate() middleware checked. */
export function valid<T>(c: Context, target: Target): T {
  return c.get(VALID[target]) as T;
}
