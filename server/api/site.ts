// Site and content calls of spec section 7 that read site info and theme pages.
import { Hono } from 'hono';
import { notFound } from '../commerce/errors';
import type { ApiDeps } from './deps';
import { ok } from './envelope';
import { requestLocale } from './request-locale';

export function siteRoutes({ commerce }: ApiDeps) {
  return new Hono()
    .get('/site', async (c) => ok(c, await commerce.site.get()))
    .get('/themePage', async (c) => ok(c, await commerce.pages.list(requestLocale(c))))
    .get('/themePage/detail/:id/pageCode/:pageCode', async (c) => {
      const { id, pageCode } = c.req.param();
      const doc = await commerce.pages.document(pageCode);
      if (String(doc.id) !== id) throw notFound(`There is no page ${id} with code "${pageCode}".`);
      return ok(c, doc);
    })
    .get('/pageConfig/handle/:handle', async (c) => {
      const { id, version, page } = await commerce.pages.renderable(c.req.param('handle'));
      return ok(c, { id, version, page });
    });
}
