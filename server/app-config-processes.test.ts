// A used app changed in one server process is what the other answers within a second (the change feed),
// though the other's caches outlive the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../schemas/generated/api';
import { startShopProcess, type ShopProcess } from '../test-support/server/shop-processes';
import { merchantHeaders, postgresDatabase } from '../test-support/server/test-app';

describe('used apps with two processes on PostgreSQL', () => {
  let a: ShopProcess;
  let b: ShopProcess;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await postgresDatabase();
    drop = database.drop;
    await database.database.close();
    [a, b] = await Promise.all([startShopProcess(database.url), startShopProcess(database.url)]);
  }, 60_000);
  afterAll(async () => {
    for (const shop of [a, b]) shop?.child.kill('SIGTERM');
    await Promise.all([a, b].map((shop) => shop && new Promise((resolve) => shop.child.once('exit', resolve))));
    await drop?.();
  });

  const usedIn = async (shop: ShopProcess) =>
    ((await (await shop.get('/api/app/config/used')).json()) as { data: AppConfig[] }).data;

  it('a pixel switched off in one process is gone from the other’s answer and pages within a second', async () => {
    // The other process has read the apps and rendered the home page: only the change feed can tell it.
    expect((await usedIn(b)).some((app) => app.code === 'pixel')).toBe(true);
    expect(await (await b.get('/')).text()).toContain('content="vitrine-demo"');
    const off = await a.get('/api/app/config/pixel', {
      method: 'PUT',
      headers: merchantHeaders,
      body: JSON.stringify({ status: 'OFF', config: { pixelNumber: ['1234567890123456'] } }),
    });
    expect(off.status).toBe(200);
    const meta = await a.get('/api/app/config/customMeta', {
      method: 'PUT',
      headers: merchantHeaders,
      body: JSON.stringify({ status: 'ON', config: { metaTags: [{ name: 'google-site-verification', content: 'second' }] } }),
    });
    expect(meta.status).toBe(200);
    const savedAt = Date.now();
    let pixelOn = true;
    let page = '';
    while (Date.now() - savedAt < 1000) {
      pixelOn = (await usedIn(b)).some((app) => app.code === 'pixel');
      page = await (await b.get('/')).text();
      if (!pixelOn && page.includes('content="second"')) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(pixelOn).toBe(false);
    expect(page).toContain('content="second"');
  });
});
