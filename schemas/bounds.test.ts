// Every value a request or a page may carry is bounded by its schema, so nothing a client sends can
// reach the database out of range (an integer overflow is a fault, not an answer) or make the
// validator's work grow without end. A new field without bounds fails here.
import { describe, expect, it } from 'vitest';
import { apiCalls } from '../test-support/server/api-calls';
import { MAX_ID } from '../server/commerce/ids';
import apiSchema from './api.schema.json' with { type: 'json' };
import { HANDLE_PATTERN, MAX_HANDLE_LENGTH } from './handle';
import pageSchema from './page.schema.json' with { type: 'json' };

type Schema = Record<string, any>;

/** Every subschema with its pointer, following $refs within the same document once. */
function* subschemas(schema: unknown, root: Schema, path: string, seen = new Set<unknown>()): Generator<[Schema, string]> {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  const s = schema as Schema;
  if (typeof s.$ref === 'string' && s.$ref.startsWith('#/')) {
    const target = s.$ref
      .slice(2)
      .split('/')
      .reduce((at: any, key: string) => at?.[key], root);
    yield* subschemas(target, root, `${path}->${s.$ref}`, seen);
  }
  yield [s, path];
  for (const key of ['properties', 'patternProperties', '$defs']) {
    for (const [name, inner] of Object.entries(s[key] ?? {})) yield* subschemas(inner, root, `${path}/${name}`, seen);
  }
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'propertyNames']) {
    if (s[key] && typeof s[key] === 'object') yield* subschemas(s[key], root, `${path}/${key}`, seen);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    for (const [i, inner] of (s[key] ?? []).entries()) yield* subschemas(inner, root, `${path}/${key}/${i}`, seen);
  }
}

const types = (s: Schema): string[] => [].concat(s.type ?? []);

function unbounded(root: Schema, start: Schema, name: string): string[] {
  const problems: string[] = [];
  for (const [s, path] of subschemas(start, root, name)) {
    if (s.enum || s.const !== undefined) continue;
    if (types(s).includes('integer') || types(s).includes('number')) {
      if (s.minimum === undefined || s.maximum === undefined) problems.push(`${path}: a number without minimum and maximum`);
      else if (s.minimum < -MAX_ID || s.maximum > MAX_ID) problems.push(`${path}: a number beyond what a column holds`);
    }
    if (types(s).includes('string') && s.maxLength === undefined && s.format === undefined) {
      problems.push(`${path}: text without maxLength`);
    }
    if (types(s).includes('array') && s.maxItems === undefined) problems.push(`${path}: a list without maxItems`);
  }
  return problems;
}

describe('schema bounds', () => {
  it('every integer, text and list of every request query and body is bounded', () => {
    const requestDefs = new Set(
      apiCalls()
        .flatMap((op) => [op.query, op.body])
        .filter((d): d is string => !!d && d !== 'Page'),
    );
    expect(requestDefs.size).toBeGreaterThan(5);
    const problems = [...requestDefs].flatMap((def) => unbounded(apiSchema, (apiSchema.$defs as Schema)[def], def));
    expect(problems).toEqual([]);
  });

  it('every integer, text and list of a page is bounded', () => {
    expect(unbounded(pageSchema, pageSchema, 'page')).toEqual([]);
  });

  it('handles in the page and block schemas have the one handle pattern', () => {
    const handles = [...subschemas(pageSchema, pageSchema, 'page')].filter(([s]) => s.pattern?.includes('[a-z0-9]+(?:-'));
    expect(handles.length).toBeGreaterThan(3);
    for (const [s, path] of handles) {
      expect({ path, pattern: s.pattern, maxLength: s.maxLength }).toEqual({
        path,
        pattern: HANDLE_PATTERN,
        maxLength: MAX_HANDLE_LENGTH,
      });
    }
  });
});
