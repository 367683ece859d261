// Merchant funnel editing: store a new version (checked whole: steps, and the pages and products they
// name), read it, list versions. Every call needs the merchant token; a refused funnel changes nothing.
import { Hono } from 'hono';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { expectedVersion } from './pages';
import { pageBody, valid, validate } from './validate';
import { badRequest } from '../commerce/errors';
import type { FunnelStats, FunnelStatsQuery, FunnelWinnerRequest } from '../../schemas/generated/api';

export function funnelRoutes({ commerce }: ApiDeps) {
  const { funnels } = commerce;
  return new Hono()
    .get(
      '/funnels',
      describeRoute({ summary: 'Funnels', tag: 'Funnels (merchant)', response: 'FunnelSummary[]', caller: 'merchant' }),
      async (c) => ok(c, await funnels.list('en')),
    )
    .get(
      '/funnels/:handle',
      describeRoute({
        summary: 'A funnel as stored (ETag: version)',
        tag: 'Funnels (merchant)',
        response: 'FunnelDocument',
        caller: 'merchant',
      }),
      async (c) => {
        const doc = await funnels.document(c.req.param('handle'));
        c.header('ETag', `"${doc.version}"`);
        return ok(c, doc);
      },
    )
    .put(
      '/funnels/:handle',
      describeRoute({
        summary: 'Stores the next version (If-Match: version); its pages and products must exist',
        tag: 'Funnels (merchant)',
        response: 'SavedPage',
        caller: 'merchant',
      }),
      pageBody('Funnel'),
      async (c) => {
        const saved = await funnels.save(c.req.param('handle'), valid<unknown>(c, 'json'), {
          expectedVersion: expectedVersion(c.req.header('if-match')),
        });
        c.header('ETag', `"${saved.version}"`);
        return ok(c, saved, saved.created ? 201 : 200);
      },
    )
    .get(
      '/funnels/:handle/versions',
      describeRoute({
        summary: 'Versions, newest first',
        tag: 'Funnels (merchant)',
        response: 'FunnelVersion[]',
        caller: 'merchant',
      }),
      async (c) => ok(c, await funnels.versions(c.req.param('handle'))),
    )
    .get(
      '/funnels/:handle/stats',
      describeRoute({
        summary: 'Step statistics (views, visitors, orders, conversion, revenue) and each A/B variant’s, over a period',
        tag: 'Funnels (merchant)',
        response: 'FunnelStats',
        caller: 'merchant',
      }),
      validate('query', 'FunnelStatsQuery'),
      async (c) => {
        const query = valid<FunnelStatsQuery>(c, 'query');
        const to = query.to ? new Date(query.to) : new Date();
        const from = query.from ? new Date(query.from) : new Date(to.getTime() - 30 * 86_400_000);
        if (from >= to)
          throw badRequest('The period is empty: "from" must be before "to".', {
            errors: [{ path: '/from', message: 'must be before to', rule: 'period' }],
          });
        const { base } = await commerce.pricing.currency(undefined);
        return ok<FunnelStats>(c, await funnels.stats(c.req.param('handle'), { from, to }, base.code));
      },
    )
    .post(
      '/funnels/:handle/winner',
      describeRoute({
        summary: 'Ends the A/B test of the split step by keeping one variant (a new funnel version)',
        tag: 'Funnels (merchant)',
        response: 'SavedPage',
        caller: 'merchant',
      }),
      validate('json', 'FunnelWinnerRequest'),
      async (c) => {
        const saved = await funnels.chooseWinner(c.req.param('handle'), valid<FunnelWinnerRequest>(c, 'json').variant);
        c.header('ETag', `"${saved.version}"`);
        return ok(c, saved);
      },
    );
}
