// Request validation against the payload schemas of schemas/api.schema.json: unknown fields are
// refused with a 400 that lists every error; defaults are filled in.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Context } from 'hono';
import apiSchema from '../../schemas/api.schema.json' with { type: 'json' };
import { badRequest } from '../commerce/errors';
import { dedupeErrors, describeAjvError, pruneCoveredErrors } from '../commerce/validation';

/** Query parameters any call may carry (spec section 7): they are read elsewhere, not by the call's schema. */
const COMMON_QUERY = new Set(['currencyCode', 'lang']);

const ajv = new Ajv2020({
  allErrors: true,
  verbose: true,
  useDefaults: true,
  coerceTypes: true,
  strict: true,
  strictRequired: false,
});
addFormats.default(ajv, ['date-time']);
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

/** Checks a value against a payload schema; throws a 400 listing every error. */
export function check<T>(def: string, value: unknown, what: string): T {
  const validate = validatorFor(def);
  if (validate(value)) return value as T;
  const errors = dedupeErrors(pruneCoveredErrors(validate.errors ?? []).flatMap((e) => describeAjvError(e) ?? []));
  throw badRequest(`The ${what} is not valid: ${errors.map((e) => `${e.path || '/'} ${e.message}`).join('; ')}`, { errors });
}

export function parseQuery<T>(c: Context, def: string): T {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(c.req.query())) if (!COMMON_QUERY.has(key)) query[key] = value;
  return check<T>(def, query, 'query');
}

/** The JSON body, checked against a payload schema (unknown fields are refused). */
export async function parseBody<T>(c: Context, def: string): Promise<T> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch (error) {
    throw badRequest(`The request body is not valid JSON: ${(error as Error).message}`);
  }
  return check<T>(def, body, 'request body');
}
