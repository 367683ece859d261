// The route tree is every route a route file exports: a new route file is in the tree after `npm run gen`.
import { describe, expect, it } from 'vitest';
import { exportedRoutes, routeTreeFile } from './route-tree';

describe('the generated route tree', () => {
  const files = new Map([
    ['renderer/routes/root.tsx', 'export const rootRoute = createRootRouteWithContext<RouterContext>()({});'],
    [
      'renderer/routes/orders.tsx',
      [
        "export const ordersRoute = createRoute({ getParentRoute: () => rootRoute, path: '/orders' });",
        "export const orderRoute = paymentActionRoute('/orders/$token', () => import('./views/OrderView'));",
        'export const ORDER_LIMIT = 20;',
        "const draftRoute = createRoute({ getParentRoute: () => rootRoute, path: '/draft' });",
      ].join('\n'),
    ],
    ['renderer/routes/orders-data.ts', 'export interface OrderRow { id: number }'],
  ]);

  it('holds every exported route of every route file, the root route as their parent', () => {
    expect(exportedRoutes(files)).toEqual(new Map([['orders', ['orderRoute', 'ordersRoute']]]));
    const tree = routeTreeFile(exportedRoutes(files));
    expect(tree).toContain("import { orderRoute, ordersRoute } from './orders';");
    expect(tree).toContain('export const routeTree = rootRoute.addChildren([\n  orderRoute,\n  ordersRoute,\n]);');
    expect(tree).not.toMatch(/draftRoute|ORDER_LIMIT/);
  });
});
