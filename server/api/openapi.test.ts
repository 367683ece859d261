import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { readFileSync } from 'node:fs';
import { createTestShop, type TestShop } from '../../test-support/server/test-app';
import { describeRoute } from './describe-route';
import { openApiDocument, undescribedRoutes } from './openapi';
import { apiRoutes } from './stand-in-deps';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe('GET /api/openapi.json', () => {
  it('every call the API serves is declared on its route (describeRoute), and an undeclared one is named', () => {
    expect(undescribedRoutes(apiRoutes())).toEqual([]);
    const routes = new Hono()
      .get('/declared', describeRoute({ summary: 'A call', tag: 'Products', response: 'Null', caller: 'anyone' }), (c) =>
        c.text(''),
      )
      .post('/forgotten/:id', (c) => c.text('')).routes;
    expect(undescribedRoutes(routes)).toEqual(['post /forgotten/{id}']);
  });

  it('describes exactly the calls the API serves', () => {
    const served = new Set(
      apiRoutes()
        .filter((r) => r.method !== 'ALL' && r.path !== '/openapi.json')
        .map((r) => `${r.method.toLowerCase()} /api${r.path.replace(/:(\w+)/g, '{$1}')}`),
    );
    const doc = openApiDocument(apiRoutes()) as { paths: Record<string, Record<string, unknown>> };
    const described = new Set(
      Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`)),
    );
    expect([...served].filter((r) => !described.has(r))).toEqual([]);
    expect([...described].filter((r) => !served.has(r))).toEqual([]);
  });

  it('is the document `npm run gen` wrote (schemas/generated/openapi.json)', async () => {
    expect(await (await shop.app.request('/api/openapi.json')).json()).toEqual(
      JSON.parse(readFileSync(new URL('../../schemas/generated/openapi.json', import.meta.url), 'utf8')),
    );
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

  it("names who may call: the merchant's bearer token, a customer's session (sign header or token cookie)", async () => {
    type Operation = { security?: Record<string, string[]>[] };
    const doc = (await (await shop.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    expect(doc.paths['/api/customer/user']!.get!.security).toEqual([{ customerSign: [] }, { customerCookie: [] }]);
    expect(doc.paths['/api/customer/user/login']!.post!.security).toBeUndefined();
    expect(doc.paths['/api/pages/{handle}']!.put!.security).toEqual([{ merchantToken: [] }]);
  });
});
