// Merchant funnel editing: store a new version (checked whole: steps, and the pages and products they
// name), read it, list versions. Every call needs the merchant token; a refused funnel changes nothing.
import { Hono } from 'hono';
import type { ApiDeps } from './deps';
import { ok } from './envelope';
import { merchantOnly } from './merchant-auth';
import { expectedVersion } from './pages';
import { pageBody, valid } from './validate';

export function funnelRoutes({ commerce, merchantToken }: ApiDeps) {
  const { funnels } = commerce;
  return new Hono()
    .use('/funnels', merchantOnly(merchantToken))
    .use('/funnels/*', merchantOnly(merchantToken))
    .get('/funnels', async (c) => ok(c, await funnels.list('en')))
    .get('/funnels/:handle', async (c) => {
      const doc = await funnels.document(c.req.param('handle'));
      c.header('ETag', `"${doc.version}"`);
      return ok(c, doc);
    })
    .put('/funnels/:handle', pageBody('Funnel'), async (c) => {
      const saved = await funnels.save(c.req.param('handle'), valid<unknown>(c, 'json'), {
        expectedVersion: expectedVersion(c.req.header('if-match')),
      });
      c.header('ETag', `"${saved.version}"`);
      return ok(c, saved, saved.created ? 201 : 200);
    })
    .get('/funnels/:handle/versions', async (c) => ok(c, await funnels.versions(c.req.param('handle'))));
}
