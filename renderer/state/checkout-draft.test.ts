import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './checkout-draft';

describe('payment attempts', () => {
  it('get a fresh key each, as the order API takes it (at least 16 characters of [A-Za-z0-9_-])', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  });
});
