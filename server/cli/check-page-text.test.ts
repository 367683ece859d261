import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkPageText } from './check-page-text';

describe('checkPageText (npm run pages -- check)', () => {
  it('accepts the demo home page', () => {
    expect(checkPageText(readFileSync(new URL('../../fixtures/pages/home.json', import.meta.url), 'utf8')).ok).toBe(true);
  });

  it('gives line and column of each error, at the offending property', () => {
    const text = [
      '{',
      '  "handle": "p",',
      '  "kind": "shop",',
      '  "blocks": [',
      '    { "id": "g", "type": "product-grid", "settings": { "collection": "x", "limit": 99 } }',
      '  ]',
      '}',
    ].join('\n');
    const result = checkPageText(text);
    expect(result).toEqual({
      ok: false,
      kind: 'page',
      errors: [{ line: 5, column: 75, path: '/blocks/0/settings/limit', message: 'must be at most 48 (product-grid block "g")' }],
      errorCount: 1,
    });
  });

  it('points a missing property at the object that lacks it', () => {
    const result = checkPageText('{\n  "handle": "p",\n  "blocks": []\n}');
    expect(result).toMatchObject({ ok: false, errors: [{ line: 1, column: 1, path: '/kind', message: 'is required' }] });
  });

  it('reports JSON syntax errors with their place', () => {
    const result = checkPageText('{\n  "handle": "p",\n  "kind": \n}');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]).toMatchObject({ line: 4, column: 1, message: 'JSON syntax: ValueExpected' });
  });
});
