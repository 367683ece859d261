// Site and content calls of spec section 7 that read site info and theme pages.
import { Hono } from 'hono';
import type { ProvinceQuery, ZipCheckQuery } from '../../schemas/generated/api';
import { notFound } from '../commerce/errors';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { valid, validate } from './validate';

export function siteRoutes({ commerce }: ApiDeps) {
  return new Hono()
    .get(
      '/site',
      describeRoute({ summary: 'Site info (spec section 3)', tag: 'Site and content', response: 'Site', caller: 'anyone' }),
      async (c) => ok(c, await commerce.site.get()),
    )
    .get(
      '/themePage',
      describeRoute({ summary: 'Theme pages', tag: 'Site and content', response: 'PageSummary[]', caller: 'anyone' }),
      async (c) => ok(c, await commerce.pages.list(c.get('shopper').locale)),
    )
    .get(
      '/themePage/detail/:id/pageCode/:pageCode',
      describeRoute({ summary: 'A theme page as stored', tag: 'Site and content', response: 'PageDocument', caller: 'anyone' }),
      async (c) => {
        const { id, pageCode } = c.req.param();
        const doc = await commerce.pages.document(pageCode);
        if (String(doc.id) !== id) throw notFound(`There is no page ${id} with code "${pageCode}".`);
        return ok(c, doc);
      },
    )
    .get(
      '/pageConfig/handle/:handle',
      describeRoute({
        summary: 'A live page, validated, defaults filled in',
        tag: 'Site and content',
        response: 'PageConfig',
        caller: 'anyone',
      }),
      async (c) => {
        const { id, version, page } = await commerce.pages.renderable(c.req.param('handle'));
        return ok(c, { id, version, page });
      },
    )
    .get(
      '/menu/list',
      describeRoute({ summary: 'Menus (main, footer)', tag: 'Site and content', response: 'Menu[]', caller: 'anyone' }),
      async (c) => ok(c, await commerce.reference.menus(c.get('shopper').locale)),
    )
    .get(
      '/dict/detail/CREDIT_CARD_ICON',
      describeRoute({ summary: 'Payment icons', tag: 'Site and content', response: 'DictEntry[]', caller: 'anyone' }),
      async (c) => ok(c, await commerce.reference.dict('CREDIT_CARD_ICON', c.get('shopper').locale)),
    )
    .get(
      '/dict/:code',
      describeRoute({ summary: 'A dictionary', tag: 'Site and content', response: 'DictEntry[]', caller: 'anyone' }),
      async (c) => ok(c, await commerce.reference.dict(c.req.param('code'), c.get('shopper').locale)),
    )
    .get(
      '/cookieConfig/list',
      describeRoute({
        summary: 'Cookie consent categories',
        tag: 'Site and content',
        response: 'CookieCategory[]',
        caller: 'anyone',
      }),
      async (c) => ok(c, await commerce.consent.categories(c.get('shopper').locale)),
    )
    .get(
      '/countries',
      describeRoute({
        summary: 'Countries the shop delivers to',
        tag: 'Site and content',
        response: 'Country[]',
        caller: 'anyone',
      }),
      async (c) => ok(c, await commerce.reference.countries(c.get('shopper').locale)),
    )
    .get(
      '/districts/getProvince',
      describeRoute({ summary: 'Provinces of a country', tag: 'Site and content', response: 'Province[]', caller: 'anyone' }),
      validate('query', 'ProvinceQuery'),
      async (c) => {
        const q = valid<ProvinceQuery>(c, 'query');
        return ok(c, await commerce.reference.provinces(q.countryCode));
      },
    )
    .get(
      '/base-districts/check/zip',
      describeRoute({ summary: 'Checks a postcode', tag: 'Site and content', response: 'ZipCheck', caller: 'anyone' }),
      validate('query', 'ZipCheckQuery'),
      async (c) => {
        const q = valid<ZipCheckQuery>(c, 'query');
        return ok(c, await commerce.reference.checkZip(q.countryCode, q.zip));
      },
    )
    .get(
      '/app/config/used',
      describeRoute({
        summary: 'Used apps whose status is ON',
        tag: 'Site and content',
        response: 'AppConfig[]',
        caller: 'anyone',
      }),
      async (c) => ok(c, await commerce.reference.apps()),
    );
}
