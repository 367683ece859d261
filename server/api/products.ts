// Product calls of spec section 7 (the rest arrive with the catalog issue).
import { Hono } from 'hono';
import type { ProductListQuery } from '../../schemas/generated/api';
import { badRequest } from '../commerce/errors';
import type { ApiDeps } from './deps';
import { ok } from './envelope';
import { requestLocale } from './request-locale';
import { parseQuery } from './validate';

const splitList = (value: string | undefined) =>
  value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function productRoutes({ commerce }: ApiDeps) {
  const { catalog } = commerce;
  return new Hono()
    .get('/products', async (c) => {
      const q = parseQuery<Required<ProductListQuery>>(c, 'ProductListQuery');
      const collections = splitList(q.categoryHandles);
      if (collections && collections.length > 1) {
        throw badRequest('The query is not valid: /categoryHandles takes one collection handle', {
          errors: [{ path: '/categoryHandles', message: 'takes one collection handle' }],
        });
      }
      return ok(
        c,
        await catalog.productCards({
          collection: collections?.[0],
          handles: splitList(q.handles),
          limit: q.limit,
          offset: q.offset,
          locale: requestLocale(c),
        }),
      );
    })
    .get('/products/handles/simpleInfo', async (c) => {
      const q = parseQuery<Required<ProductListQuery>>(c, 'ProductListQuery');
      const handles = splitList(q.handles) ?? [];
      return ok(c, await catalog.productCards({ handles, limit: q.limit, offset: q.offset, locale: requestLocale(c) }));
    })
    .get('/products/:handle', async (c) => ok(c, await catalog.product(c.req.param('handle'), requestLocale(c))))
    .get('/multicurrency/products/handle/:handle', async (c) =>
      ok(c, await catalog.product(c.req.param('handle'), requestLocale(c))),
    )
    .get('/product-categories/handle/:handle', async (c) =>
      ok(c, await catalog.collection(c.req.param('handle'), requestLocale(c))),
    );
}
