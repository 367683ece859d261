// Turns ajv's errors into { path, message } pairs a person can act on. Shared by page validation and
// API request validation.
import type { ErrorObject } from 'ajv';

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

/** One readable error, or null for errors that only say "some branch failed" (its branch says what). */
export function describeAjvError(error: ErrorObject): FieldError | null {
  const p = error.params as Record<string, any>;
  const at = (message: string, path = error.instancePath): FieldError => ({ path, message });
  switch (error.keyword) {
    case 'errorMessage':
      return at(error.message ?? 'is not valid');
    case 'required':
      return at('is required', `${error.instancePath}/${escapePointer(p.missingProperty)}`);
    case 'dependentRequired':
      return at(`is required when "${p.property}" is set`, `${error.instancePath}/${escapePointer(p.missingProperty)}`);
    case 'additionalProperties': {
      const allowed = Object.keys((error.parentSchema as any)?.properties ?? {}).filter((k) => k !== '$schema');
      return at(
        `is not a known property${allowed.length ? `; allowed: ${allowed.join(', ')}` : ''}`,
        `${error.instancePath}/${escapePointer(p.additionalProperty)}`,
      );
    }
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

/**
 * Drops the errors a custom message already covers: ajv-errors replaces a combinator's own error
 * (e.g. oneOf) with the schema's message, but the failing branches' errors would still be listed.
 */
export function pruneCoveredErrors(errors: ErrorObject[]): ErrorObject[] {
  const covered = errors
    .filter((e) => e.keyword === 'errorMessage')
    .flatMap((e) => ((e.params as { errors?: ErrorObject[] }).errors ?? []).map((inner) => `${inner.schemaPath}/`));
  if (!covered.length) return errors;
  return errors.filter((e) => !covered.some((prefix) => e.schemaPath.startsWith(prefix)));
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
