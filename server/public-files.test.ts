// The files of renderer/public (favicon, icon, the loading indicator of spec section 2) are served at
// the root of the built shop, each with a day's cache lifetime; built assets (their names hold their
// hash) are kept for a year.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../test-support/server/test-app';

describe('public files', () => {
  let shop: TestShop;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'vitrine-client-'));
    for (const file of ['favicon.ico', 'icon.svg', 'loading.svg']) await writeFile(join(clientDir, file), `contents of ${file}`);
    await mkdir(join(clientDir, 'assets'));
    await writeFile(join(clientDir, 'assets/entry-abc123.js'), 'console.log(1)');
    shop = await createTestShop('pglite', { clientDir });
  });
  afterAll(async () => {
    await shop?.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it.each(['favicon.ico', 'icon.svg', 'loading.svg'])('/%s', async (file) => {
    const response = await shop.app.request(`/${file}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(`contents of ${file}`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('/assets/… are kept for a year, and a missing one is a 404', async () => {
    const response = await shop.app.request('/assets/entry-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await shop.app.request('/assets/nope.js');
    expect(missing.headers.get('cache-control')).not.toContain('immutable');
  });
});
