// The API's routes made for reading only, not for answering: what `npm run gen` writes the API document
// and the client's types from, and what tests that go over every call read. A route module takes its
// deps when it is made but uses them only in its handlers, so stand-ins that answer nothing will do.
import type { RouterRoute } from 'hono/types';
import type { Commerce } from '../commerce';
import type { Payments } from '../payments/registry';
import type { PageViews } from '../ssr/page-view';
import type { ApiDeps } from './deps';
import { createApi } from './index';
import { pageViewRoutes } from './page-views';

/** API deps for reading the routes only (no call is made): the providers' own pages are left out. */
export function standInDeps(commerce = {} as Commerce): ApiDeps {
  return {
    commerce: Object.assign({ paymentRequests: { idempotencyKeys: {} }, customers: {} }, commerce) as Commerce,
    payments: { providers: () => [] } as unknown as Payments,
    origin: 'http://shop.test',
    merchantToken: 'x',
    log: () => {},
    clientIp: () => 'local',
    onOrderPaid: () => {},
  };
}

/** Every route the app serves under /api (the page views too, which app.ts adds), made with stand-ins. */
export function apiRoutes(): RouterRoute[] {
  return createApi(standInDeps(), [pageViewRoutes({} as PageViews)]).routes;
}
