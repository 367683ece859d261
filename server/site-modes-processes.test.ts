// The mode × route matrix with two server processes on one PostgreSQL database (issue 26): the merchant
// switches the mode in one process, and the other, whose caches outlive the test, answers every route of
// the table by the new mode within a second (the change feed). And the password gate's limit of wrong
// tries holds across processes: tries sent to both at once are counted together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteSettingsPatch } from '../schemas/generated/api';
import { gateCookieValue } from './commerce/site-access/gate-cookie';
import { GATE_FAILURES_PER_ADDRESS } from './commerce/site-access/password-gate';
import { startShopProcess, type ShopProcess } from '../test-support/server/shop-processes';
import { merchantHeaders, postgresDatabase } from '../test-support/server/test-app';

type Outcome = 200 | 'maintenance' | 'closed' | 'store gate' | 'funnel gate' | 50021 | 50022 | 50023;

/** What a route answers, in the table's words. */
async function outcome(shop: ShopProcess, path: string, cookie?: string): Promise<Outcome | string> {
  const response = await shop.get(path, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });
  if (path.startsWith('/api/')) {
    const body = (await response.json()) as { code: number };
    return body.code as Outcome;
  }
  const location = response.headers.get('Location');
  if (response.status === 302 && location) {
    const named: Record<string, Outcome> = {
      '/maintenance': 'maintenance',
      '/closed': 'closed',
      '/password/store': 'store gate',
      '/password/funnel': 'funnel gate',
    };
    return named[location] ?? `302 ${location}`;
  }
  return response.status === 200 ? 200 : `${response.status}`;
}

const ROUTES = ['/', '/products/linen-shirt', '/funnel/summer-linen', '/account/forgotten', '/api/products', '/api/countries'];
const STORE = gateCookieValue('store-pass');

/** Each setting and what every route of ROUTES answers under it, without and with the store's cookie. */
const MATRIX: { name: string; patch: SiteSettingsPatch; plain: Outcome[]; withStoreCookie: Outcome[] }[] = [
  {
    name: 'password',
    patch: {
      siteMode: { state: 'live' },
      extDataMap: { passwordProtect: 'ON', passwordProtect_shop: 'store-pass', passwordProtect_funnel: 'funnel-pass' },
    },
    plain: ['store gate', 'store gate', 'funnel gate', 200, 50023, 200],
    withStoreCookie: [200, 200, 'funnel gate', 200, 200, 200],
  },
  {
    name: 'maintenance',
    patch: { siteMode: { state: 'maintenance' } },
    plain: ['maintenance', 'maintenance', 'maintenance', 'maintenance', 50021, 50021],
    withStoreCookie: ['maintenance', 'maintenance', 'maintenance', 'maintenance', 50021, 50021],
  },
  {
    name: 'closed',
    patch: { siteMode: { state: 'closed' } },
    plain: ['closed', 'closed', 'closed', 'closed', 50022, 50022],
    withStoreCookie: ['closed', 'closed', 'closed', 'closed', 50022, 50022],
  },
  {
    name: 'live',
    patch: { siteMode: { state: 'live' }, extDataMap: { passwordProtect: 'OFF' } },
    plain: [200, 200, 200, 200, 200, 200],
    withStoreCookie: [200, 200, 200, 200, 200, 200],
  },
];

describe('site modes with two processes on PostgreSQL', () => {
  let a: ShopProcess;
  let b: ShopProcess;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await postgresDatabase();
    drop = database.drop;
    const url = database.url;
    await database.database.close();
    [a, b] = await Promise.all([startShopProcess(url), startShopProcess(url)]);
  }, 60_000);
  afterAll(async () => {
    for (const shop of [a, b]) shop?.child.kill('SIGTERM');
    await Promise.all([a, b].map((shop) => shop && new Promise((resolve) => shop.child.once('exit', resolve))));
    await drop?.();
  });

  it('a mode switched in one process is how the other answers every route within a second', async () => {
    // The other process has read the site and rendered its pages: only the change feed can tell it.
    for (const path of ROUTES) expect(await outcome(b, path)).toBe(200);
    for (const row of MATRIX) {
      const patched = await a.get('/api/site', { method: 'PATCH', headers: merchantHeaders, body: JSON.stringify(row.patch) });
      expect(patched.status, row.name).toBe(200);
      const switchedAt = Date.now();
      let seen: unknown[] = [];
      while (Date.now() - switchedAt < 1000) {
        seen = await Promise.all(ROUTES.map((path) => outcome(b, path)));
        if (JSON.stringify(seen) === JSON.stringify(row.plain)) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(seen, `${row.name} in the other process`).toEqual(row.plain);
      expect(await Promise.all(ROUTES.map((path) => outcome(a, path))), `${row.name} in the process that saved`).toEqual(
        row.plain,
      );
      const cookie = `passwordProtect_shop=${encodeURIComponent(STORE)}`;
      expect(await Promise.all(ROUTES.map((path) => outcome(b, path, cookie))), `${row.name} with the cookie`).toEqual(
        row.withStoreCookie,
      );
    }
  });

  it('counts wrong passwords sent to both processes at once against one limit', async () => {
    const patched = await a.get('/api/site', {
      method: 'PATCH',
      headers: merchantHeaders,
      body: JSON.stringify({ extDataMap: { passwordProtect: 'ON', passwordProtect_shop: 'store-pass' } }),
    });
    expect(patched.status).toBe(200);
    const tries = GATE_FAILURES_PER_ADDRESS + 10;
    const codes = await Promise.all(
      Array.from({ length: tries }, async (_, i) => {
        const response = await (i % 2 ? a : b).get('/api/site/password', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ gate: 'store', password: `guess-${i}` }),
        });
        return ((await response.json()) as { code: number }).code;
      }),
    );
    expect(codes.filter((code) => code === 50024)).toHaveLength(GATE_FAILURES_PER_ADDRESS);
    expect(codes.filter((code) => code === 50025)).toHaveLength(10);
  });
});
