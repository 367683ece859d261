// Merchant page editing: store a new version, list versions, restore one. Every call needs the
// merchant token. A page that fails validation is refused with every error; nothing stored changes.
import { Hono } from 'hono';
import { badRequest } from '../commerce/errors';
import type { ApiDeps } from './deps';
import { ok } from './envelope';
import { merchantOnly } from './merchant-auth';
import { pageBody, valid } from './validate';

export function versionParam(value: string, name = 'version'): number {
  if (!/^[1-9]\d{0,8}$/.test(value)) {
    throw badRequest(`The ${name} "${value}" is not a version number.`, {
      errors: [{ path: `/${name}`, message: 'must be a whole number from 1' }],
    });
  }
  return Number(value);
}

/** `If-Match: "3"` (or 3) saves only when version 3 is still live, so two editors never overwrite unseen. */
export function expectedVersion(header: string | undefined): number | undefined {
  if (!header || header === '*') return undefined;
  return versionParam(header.replace(/^W\//, '').replace(/"/g, '').trim(), 'If-Match');
}

export function pageRoutes({ commerce, merchantToken }: ApiDeps) {
  const { pages } = commerce;
  return (
    new Hono()
      .use('/pages', merchantOnly(merchantToken))
      .use('/pages/*', merchantOnly(merchantToken))
      .get('/pages', async (c) => ok(c, await pages.list('en')))
      .get('/pages/:handle', async (c) => {
        const doc = await pages.document(c.req.param('handle'));
        c.header('ETag', `"${doc.version}"`);
        return ok(c, doc);
      })
      // The body's size is bounded for every route (body-limits.ts): a page up to MAX_PAGE_BYTES.
      .put('/pages/:handle', pageBody(), async (c) => {
        const body = valid<unknown>(c, 'json');
        const saved = await pages.save(c.req.param('handle'), body, {
          expectedVersion: expectedVersion(c.req.header('if-match')),
        });
        c.header('ETag', `"${saved.version}"`);
        return ok(c, saved, saved.created ? 201 : 200);
      })
      .get('/pages/:handle/versions', async (c) => ok(c, await pages.versions(c.req.param('handle'))))
      .get('/pages/:handle/versions/:n', async (c) =>
        ok(c, await pages.document(c.req.param('handle'), versionParam(c.req.param('n')))),
      )
      .post('/pages/:handle/versions/:n/restore', async (c) => {
        const saved = await pages.restore(c.req.param('handle'), versionParam(c.req.param('n')));
        c.header('ETag', `"${saved.version}"`);
        return ok(c, saved);
      })
  );
}
