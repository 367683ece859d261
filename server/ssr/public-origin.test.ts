// Web cache poisoning: a request with a forged Host or X-Forwarded-Host never changes what the next
// visitor receives. Sent over a real socket (a Host header cannot be forged through app.request), to a
// shop whose public address is https://shop.example.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';
import { publicOrigin } from './public-origin';

describe('publicOrigin', () => {
  it('knows its own host, with or without the port its scheme implies, and nothing else', () => {
    const shop = publicOrigin('https://shop.example');
    expect(shop.origin).toBe('https://shop.example');
    for (const host of ['shop.example', 'SHOP.example', 'shop.example:443']) expect(shop.isShopHost(host), host).toBe(true);
    for (const host of [
      undefined,
      '',
      'evil.example',
      'shop.example:8443',
      'shop.example.evil.example',
      'shop.example@evil',
      'a b',
    ]) {
      expect(shop.isShopHost(host), String(host)).toBe(false);
    }
  });

  it('takes every loopback name on its port when it is a loopback address (development, tests)', () => {
    const local = publicOrigin('http://localhost:3000');
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) expect(local.isShopHost(host), host).toBe(true);
    for (const host of ['localhost:3001', 'localhost', 'evil.example:3000']) expect(local.isShopHost(host), host).toBe(false);
  });

  it('refuses what is not an http(s) address', () => {
    expect(() => publicOrigin('ftp://shop.example')).toThrow(/http/);
  });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe('a forged Host or X-Forwarded-Host', () => {
  let shop: TestShop;
  let server: ServerType;
  let port: number;

  beforeAll(async () => {
    shop = await createTestShop('pglite', { publicUrl: 'https://shop.example', pageCacheTtlMs: 60_000 });
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await shop?.close();
  });

  /** GET over a socket, with whatever Host and headers a client chooses to send. */
  const get = (path: string, headers: Record<string, string>) =>
    new Promise<Answer>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });
  const visitor = { Host: 'shop.example' };
  const forgeries: Record<string, string>[] = [
    { Host: 'evil.example:3000' },
    { Host: 'shop.example', 'X-Forwarded-Host': 'evil.example' },
    { Host: 'shop.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http', Forwarded: 'host=evil.example' },
  ];

  it.each(['/products/linen-shirt', '/collections/apparel', '/pages/about', '/'])(
    "%s: the forger and every later visitor get the shop's own addresses",
    async (path) => {
      for (const forged of forgeries) {
        const attack = await get(path, forged);
        expect(attack.status).toBe(200);
        expect(attack.body).not.toContain('evil.example');
        expect(attack.body).toContain(`<link rel="canonical" href="https://shop.example${path === '/' ? '/' : path}"`);
      }
      const next = await get(path, visitor);
      expect(next.status).toBe(200);
      expect(next.body).not.toContain('evil.example');
      expect(next.body).toContain('https://shop.example');
      expect(next.headers['x-vitrine-page-cache']).toMatch(/HIT|MISS/);
      // What the next visitor got is cached, and still the shop's.
      const again = await get(path, visitor);
      expect(again.headers['x-vitrine-page-cache']).toBe('HIT');
      expect(again.body).toBe(next.body);
    },
  );

  it('a page asked for under another host is rendered but never cached', async () => {
    const first = await get('/products/wool-scarf', { Host: 'evil.example' });
    const second = await get('/products/wool-scarf', { Host: 'evil.example' });
    expect([first.headers['x-vitrine-page-cache'], second.headers['x-vitrine-page-cache']]).toEqual(['BYPASS', 'BYPASS']);
    expect((await get('/products/wool-scarf', visitor)).headers['x-vitrine-page-cache']).toBe('MISS');
  });

  it.each(['/sitemap.xml', '/robots.txt'])('%s names the shop, whatever host was asked', async (path) => {
    for (const forged of forgeries) {
      const attack = await get(path, forged);
      expect(attack.status).toBe(200);
      expect(attack.body).not.toContain('evil.example');
      expect(attack.body).toContain('https://shop.example/');
    }
    expect((await get(path, visitor)).body).not.toContain('evil.example');
  });
});
