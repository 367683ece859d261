// The files of renderer/public (favicon, icon, the loading indicator of spec section 2) are served at
// the root of the built shop, each with a day's cache lifetime.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './testing/test-app';

describe('public files', () => {
  let shop: TestShop;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'vitrine-client-'));
    for (const file of ['favicon.ico', 'icon.svg', 'loading.svg']) await writeFile(join(clientDir, file), `contents of ${file}`);
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
});
