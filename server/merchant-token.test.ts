import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateMerchantToken } from './merchant-token';

describe('loadOrCreateMerchantToken', () => {
  it('makes a token on first start, keeps it private, and gives the same one after', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vitrine-token-'));
    try {
      const file = join(dir, 'data', 'merchant-token');
      const first = await loadOrCreateMerchantToken(file);
      expect(first.created).toBe(true);
      expect(first.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(await loadOrCreateMerchantToken(file)).toEqual({ token: first.token, created: false });
      expect((await readFile(file, 'utf8')).trim()).toBe(first.token);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
