// The page views over HTTP, for the browser's client navigation: GET /api/pageView/{handle}, a funnel's
// step with its page, GET /api/multicurrency/funnel/{handle}?pageId=, and the one-click offer after a shop
// order's checkout with its page, GET api/site-checkout-trigger/{x}/nextproduct. The server's own renderer
// calls the same functions directly (server/ssr/page-view.ts).
import { Hono } from 'hono';
import type {
  FunnelStepQuery,
  FunnelStepView,
  PageView,
  PageViewQuery,
  ShopOfferQuery,
  ShopOfferStepView,
} from '../../schemas/generated/api';
import { isToken } from '../../schemas/token';
import { ShopError } from '../commerce/errors';
import type { PageViews } from '../ssr/page-view';
import { ok } from './envelope';
import { describeRoute } from './describe-route';
import { valid, validate } from './validate';

export function pageViewRoutes(pageViews: PageViews) {
  return new Hono()
    .get(
      '/pageView/:handle',
      describeRoute({
        summary: 'A page ready to render: page, block data, server clock',
        tag: 'Site and content',
        response: 'PageView',
        caller: 'anyone',
      }),
      validate('query', 'PageViewQuery'),
      async (c) => {
        const { preview } = valid<PageViewQuery>(c, 'query');
        return ok<PageView>(
          c,
          await pageViews.view(c.req.param('handle'), c.get('shopper').locale, c.get('shopper').currency.code, preview),
        );
      },
    )
    .get(
      '/multicurrency/funnel/:handle',
      describeRoute({
        summary: 'A step of a live funnel (pageId, else the first) with its page ready to render',
        tag: 'Site and content',
        response: 'FunnelStepView',
        caller: 'anyone',
      }),
      validate('query', 'FunnelStepQuery'),
      async (c) => {
        const query = valid<FunnelStepQuery>(c, 'query');
        return ok<FunnelStepView>(
          c,
          await pageViews.funnelStep(
            c.req.param('handle'),
            query,
            c.get('shopper').locale,
            c.get('shopper').currency.code,
            c.get('shopper').visitorId,
          ),
        );
      },
    )
    .get(
      '/site-checkout-trigger/:x/nextproduct',
      describeRoute({
        summary:
          "The one-click offer after a shop order's checkout (x: the order's token) shown to its buyer, with its page; or where the buyer goes instead",
        tag: 'Checkout',
        response: 'ShopOfferStepView',
        caller: 'anyone',
      }),
      validate('query', 'ShopOfferQuery'),
      async (c) => {
        const x = c.req.param('x');
        if (!isToken(x)) throw new ShopError('orderNotFound', 'There is no such order.');
        const { type = 'upsell' } = valid<ShopOfferQuery>(c, 'query');
        const shopper = c.get('shopper');
        return ok<ShopOfferStepView>(
          c,
          await pageViews.shopOffer(x, type, shopper.locale, shopper.currency.code, shopper.visitorId),
        );
      },
    );
}
