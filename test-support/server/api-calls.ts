// Every call of the API with the schemas its route validates with: the table of operations
// (openapi.ts) joined with what the routes say, for tests that go over every call.
import { createApi, type ApiDeps } from '../../server/api';
import { operations, routeSchemas, type CallSchemas, type Operation } from '../../server/api/openapi';
import type { Commerce } from '../../server/commerce';
import type { Payments } from '../../server/payments/registry';
import { createPageViews } from '../../server/ssr/page-view';
import { pageViewRoutes } from '../../server/api/page-views';
import { cacheGroup } from '../../server/commerce/cache';

export type ApiCall = Operation & CallSchemas;

/** API deps for reading the routes only (no call is made): the providers' own pages are left out. */
export function fakeApiDeps(commerce: Commerce): ApiDeps {
  return {
    commerce: Object.assign({ paymentRequests: { idempotencyKeys: {} } }, commerce) as Commerce,
    payments: { providers: () => [] } as unknown as Payments,
    origin: 'http://shop.test',
    merchantToken: 'x',
    log: () => {},
    onOrderPaid: () => {},
  };
}

export function apiCalls(): ApiCall[] {
  const commerce = {} as Commerce;
  const api = createApi(fakeApiDeps(commerce), [
    pageViewRoutes(
      createPageViews({
        commerce,
        apiFor: () => ({}) as never,
        caches: cacheGroup(0),
        log: () => {},
        previewKey: Buffer.alloc(32),
      }),
    ),
  ]);
  const schemas = routeSchemas(api.routes);
  return operations.map((op) => ({ ...op, ...schemas.get(`${op.method} ${op.path}`) }));
}
