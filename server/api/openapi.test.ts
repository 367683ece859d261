import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '.';
import type { Commerce } from '../commerce';
import { fakeApiDeps } from '../../test-support/server/api-calls';
import { createPageViews } from '../ssr/page-view';
import { pageViewRoutes } from './page-views';
import { cacheGroup } from '../commerce/cache';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';
import { operations } from './openapi';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe('GET /api/openapi.json', () => {
  it('describes exactly the calls the API serves', () => {
    const api = createApi(fakeApiDeps({} as Commerce), [
      pageViewRoutes(
        createPageViews({
          commerce: {} as Commerce,
          apiFor: () => ({}) as never,
          caches: cacheGroup(0),
          log: () => {},
          previewKey: Buffer.alloc(32),
        }),
      ),
    ]);
    const served = new Set(
      api.routes
        .filter((r) => r.method !== 'ALL' && r.path !== '/openapi.json')
        .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
    );
    const described = new Set(operations.map((op) => `${op.method} ${op.path}`));
    expect([...served].filter((r) => !described.has(r))).toEqual([]);
    expect([...described].filter((r) => !served.has(r))).toEqual([]);
  });

  it('is an OpenAPI 3.1 document whose references all resolve', async () => {
    const doc = (await (await shop.app.request('/api/openapi.json')).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/multicurrency/products/keySearch');
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.filter((name) => !(name in doc.components.schemas))).toEqual([]);
    expect(JSON.stringify(doc)).not.toContain('tsType');
  });

  it('lists the query parameters from the same schema that validates them', async () => {
    const doc = (await (await shop.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, { get: { parameters: { name: string; schema: { enum?: string[] } }[] } }>;
    };
    const params = doc.paths['/api/products']!.get.parameters;
    expect(params.map((p) => p.name)).toEqual(
      expect.arrayContaining(['categoryHandles', 'sort', 'limit', 'offset', 'priceMin', 'language']),
    );
    expect(params.find((p) => p.name === 'sort')!.schema.enum).toHaveLength(11);
  });
});
