// Site and content calls of spec section 7 that read site info and theme pages.
import { Hono } from 'hono';
import type { ProvinceQuery, SiteSettingsPatch, ZipCheckQuery } from '../../schemas/generated/api';
import { notFound } from '../commerce/errors';
import type { ApiDeps } from './deps';
import { ok } from './envelope';
import { merchantOnly } from './merchant-auth';
import { valid, validate } from './validate';

export function siteRoutes({ commerce, merchantToken }: ApiDeps) {
  return (
    new Hono()
      // A merchant's change of the site settings (today the checkout style).
      .patch('/site', merchantOnly(merchantToken), validate('json', 'SiteSettingsPatch'), async (c) =>
        ok(c, await commerce.site.updateExtData(valid<SiteSettingsPatch>(c, 'json').extDataMap as Record<string, string>)),
      )
      .get('/site', async (c) => ok(c, await commerce.site.get()))
      .get('/themePage', async (c) => ok(c, await commerce.pages.list(c.get('shopper').locale)))
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
      .get('/menu/list', async (c) => ok(c, await commerce.reference.menus(c.get('shopper').locale)))
      .get('/dict/detail/CREDIT_CARD_ICON', async (c) =>
        ok(c, await commerce.reference.dict('CREDIT_CARD_ICON', c.get('shopper').locale)),
      )
      .get('/dict/:code', async (c) => ok(c, await commerce.reference.dict(c.req.param('code'), c.get('shopper').locale)))
      .get('/cookieConfig/list', async (c) => ok(c, await commerce.reference.cookieConfig(c.get('shopper').locale)))
      .get('/countries', async (c) => ok(c, await commerce.reference.countries(c.get('shopper').locale)))
      .get('/districts/getProvince', validate('query', 'ProvinceQuery'), async (c) => {
        const q = valid<ProvinceQuery>(c, 'query');
        return ok(c, await commerce.reference.provinces(q.countryCode));
      })
      .get('/base-districts/check/zip', validate('query', 'ZipCheckQuery'), async (c) => {
        const q = valid<ZipCheckQuery>(c, 'query');
        return ok(c, await commerce.reference.checkZip(q.countryCode, q.zip));
      })
      .get('/app/config/used', async (c) => ok(c, await commerce.reference.apps()))
  );
}
