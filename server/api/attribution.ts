// Campaign attribution (issue 27): POST /api/utm of spec section 7, sent by the page when its address
// carries utm_* parameters, and the merchant's report of orders and revenue by source, medium and
// campaign. docs/tracking.md#campaign-attribution.
import { Hono } from 'hono';
import type { AttributionReport, AttributionReportQuery, UtmVisitAnswer, UtmVisitRequest } from '../../schemas/generated/api';
import { UnreadableUrl } from '../commerce/attribution';
import { badRequest } from '../commerce/errors';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { valid, validate } from './validate';

const DAY_MS = 86_400_000;

export function attributionRoutes({ commerce }: ApiDeps) {
  return new Hono()
    .post(
      '/utm',
      describeRoute({
        summary:
          "Records a campaign visit (the page's address with utm_* parameters) as the visitor's last touch, and first touch once; an address without them changes nothing",
        tag: 'Attribution',
        response: 'UtmVisitAnswer',
        caller: 'visitor',
      }),
      validate('json', 'UtmVisitRequest'),
      async (c) => {
        const shopper = c.get('shopper');
        const { fullUrl } = valid<UtmVisitRequest>(c, 'json');
        // A crawler's visits are nobody's: nothing is kept for it (as for its carts).
        if (shopper.crawler || !shopper.visitorId) return ok<UtmVisitAnswer>(c, { recorded: false });
        try {
          const recorded = await commerce.attribution.visit(
            fullUrl,
            { visitorId: shopper.visitorId, customerId: shopper.customer?.id ?? null },
            new Date(),
          );
          return ok<UtmVisitAnswer>(c, { recorded });
        } catch (error) {
          if (!(error instanceof UnreadableUrl)) throw error;
          throw badRequest(`The request body is not valid: /fullUrl ${error.message}.`, {
            errors: [{ path: '/fullUrl', message: error.message, rule: 'url' }],
            errorCount: 1,
          });
        }
      },
    )
    .get(
      '/reports/attribution',
      describeRoute({
        summary:
          'Paid orders and their gross, refunded and net revenue by source, medium and campaign of their first or last touch, per currency, over a period',
        tag: 'Attribution (merchant)',
        response: 'AttributionReport',
        caller: 'merchant',
      }),
      validate('query', 'AttributionReportQuery'),
      async (c) => {
        const query = valid<Required<Pick<AttributionReportQuery, 'touch'>> & AttributionReportQuery>(c, 'query');
        const to = query.to ? new Date(query.to) : new Date();
        const from = query.from ? new Date(query.from) : new Date(to.getTime() - 30 * DAY_MS);
        if (from >= to)
          throw badRequest('The period is empty: "from" must be before "to".', {
            errors: [{ path: '/from', message: 'must be before to', rule: 'period' }],
            errorCount: 1,
          });
        return ok<AttributionReport>(c, await commerce.attribution.report({ from, to, touch: query.touch }));
      },
    );
}
