// A merchant's save asks the CDN in front of the shop to purge (docs/caching.md): one call, from the
// process that saved, with the operator's token; a CDN that fails it never fails the save.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import homePage from '../fixtures/pages/home.json' with { type: 'json' };
import { createTestShop, merchantHeaders, putPage, type TestShop } from '../test-support/server/test-app';

const received: { authorization?: string; body: unknown }[] = [];
let answer = 204;
let cdn: Server;
let shop: TestShop;
beforeAll(async () => {
  cdn = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ authorization: request.headers.authorization, body: JSON.parse(body) });
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  const { port } = cdn.address() as AddressInfo;
  shop = await createTestShop('pglite', { cdnPurgeUrl: `http://127.0.0.1:${port}/purge`, cdnPurgeToken: 'cdn-secret' });
});
afterAll(async () => {
  await shop.close();
  await new Promise((resolve) => cdn.close(resolve));
});

const purged = async (count: number) => {
  await expect.poll(() => received.length).toBe(count);
  return received.at(-1)!;
};

it('a saved page, a site setting: one purge of everything each, with the token', async () => {
  const changed = structuredClone(homePage);
  Object.assign(changed.blocks[0]!.settings, { heading: { en: 'Purged', fr: 'Purgé' } });
  expect((await putPage(shop, 'home', changed)).status).toBe(200);
  expect(await purged(1)).toEqual({
    authorization: 'Bearer cdn-secret',
    body: { purge: 'everything', change: { kind: 'page', handle: 'home' } },
  });
  const patched = await shop.app.request('/api/site', {
    method: 'PATCH',
    headers: merchantHeaders,
    body: JSON.stringify({ extDataMap: { checkoutType: 'one-page' } }),
  });
  expect(patched.status).toBe(200);
  expect((await purged(2)).body).toEqual({ purge: 'everything', change: { kind: 'site' } });
});

it('a CDN that refuses the purge is logged; the save stands', async () => {
  answer = 500;
  const changed = structuredClone(homePage);
  Object.assign(changed.blocks[0]!.settings, { heading: { en: 'Saved anyway', fr: 'Enregistré quand même' } });
  expect((await putPage(shop, 'home', changed)).status).toBe(200);
  await purged(3);
  await expect.poll(() => shop.logs.some((line) => line.includes('the CDN purge answered 500'))).toBe(true);
  expect(await (await shop.app.request('/')).text()).toContain('Saved anyway');
});
