// Site and content calls of spec section 7 that read site info and theme pages.
import { Hono } from 'hono';
import type { ProvinceQuery, ZipCheckQuery } from '../../schemas/generated/api';
import { notFound } from '../commerce/errors';
import type { ApiDeps } from './deps';
import { ok } from './envelope';
import { requestLocale } from './request-context';
import { parseQuery } from './validate';

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
    })
    .get('/menu/list', async (c) => ok(c, await commerce.reference.menus(requestLocale(c))))
    .get('/dict/detail/CREDIT_CARD_ICON', async (c) => ok(c, await commerce.reference.dict('CREDIT_CARD_ICON', requestLocale(c))))
    .get('/dict/:code', async (c) => ok(c, await commerce.reference.dict(c.req.param('code'), requestLocale(c))))
    .get('/cookieConfig/list', async (c) => ok(c, await commerce.reference.cookieConfig(requestLocale(c))))
    .get('/countries', async (c) => ok(c, await commerce.reference.countries(requestLocale(c))))
    .get('/districts/getProvince', async (c) => {
      const q = parseQuery<ProvinceQuery>(c, 'ProvinceQuery');
      return ok(c, await commerce.reference.provinces(q.countryCode));
    })
    .get('/base-districts/check/zip', async (c) => {
      const q = parseQuery<ZipCheckQuery>(c, 'ZipCheckQuery');
      return ok(c, await commerce.reference.checkZip(q.countryCode, q.zip));
    })
    .get('/app/config/used', async (c) => ok(c, await commerce.reference.apps()));
}
