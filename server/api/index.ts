// The shop API under /api: one route module per area of spec section 7, all answering in the envelope.
import { Hono } from 'hono';
import type { ApiDeps } from './deps';
import { errorResponse } from './envelope';
import { expressRoutes } from './express';
import { merchantToken } from './merchant-auth';
import { bankRoutes } from './bank';
import { cartRoutes } from './cart';
import { checkoutRoutes } from './checkout';
import { cspReportRoutes } from './csp-report';
import { customerAccountRoutes } from './customer-account';
import { customerOrderRoutes } from './customer-orders';
import { returnRoutes } from './returns';
import { customerAddressRoutes } from './customer-addresses';
import { openApiDocument } from './openapi';
import { orderRoutes } from './orders';
import { paymentRoutes } from './payment';
import { funnelRoutes } from './funnels';
import { funnelShopRoutes } from './funnel-shop';
import { pageRoutes } from './pages';
import { productRoutes } from './products';
import { recoveryRoutes } from './recovery';
import { siteRoutes } from './site';
import { siteSettingsRoutes } from './site-settings';
import { appConfigRoutes } from './app-config';
import { stripeRoutes } from './stripe';
import { providerCallRoutes } from './provider-calls';
import { shopperFormRoutes } from './shopper-forms';
import { consentRoutes } from './consent';
import { newsletterRoutes } from './newsletter';
import { attributionRoutes } from './attribution';
import { mapsRoutes } from './maps';
import { checkoutTriggerRoutes } from './checkout-triggers';
import { shopOfferRoutes } from './shop-offers';

/** `extra`: route modules composed from outside the API layer (e.g. the page view, which runs block loads). */
export function createApi(deps: ApiDeps, extra: Hono[] = []) {
  const api = new Hono();
  // The merchant calls (caller: 'merchant', describe-route.ts) check their bearer token against it.
  api.use(merchantToken(deps.merchantToken));
  // What a customer's calls answer is theirs alone: no cache on the way may keep it.
  api.use('/customer/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
  });
  api.route('/', siteSettingsRoutes(deps));
  api.route('/', appConfigRoutes(deps));
  api.route('/', siteRoutes(deps));
  api.route('/', consentRoutes(deps));
  api.route('/', productRoutes(deps));
  api.route('/', cartRoutes(deps));
  api.route('/', checkoutRoutes(deps));
  api.route('/', recoveryRoutes(deps));
  api.route('/', paymentRoutes(deps));
  api.route('/', stripeRoutes(deps));
  api.route('/', providerCallRoutes(deps));
  api.route('/', expressRoutes(deps));
  api.route('/', bankRoutes(deps));
  api.route('/', orderRoutes(deps));
  api.route('/', pageRoutes(deps));
  api.route('/', funnelRoutes(deps));
  api.route('/', funnelShopRoutes(deps));
  api.route('/', checkoutTriggerRoutes(deps));
  api.route('/', shopOfferRoutes(deps));
  api.route('/', cspReportRoutes(deps));
  api.route('/', customerAccountRoutes(deps));
  api.route('/', customerOrderRoutes(deps));
  api.route('/', returnRoutes(deps));
  api.route('/', customerAddressRoutes(deps));
  api.route('/', shopperFormRoutes(deps));
  api.route('/', newsletterRoutes(deps));
  api.route('/', attributionRoutes(deps));
  api.route('/', mapsRoutes(deps));
  for (const routes of extra) api.route('/', routes);
  api.get('/openapi.json', (c) => c.json(openApiDocument(api.routes)));
  api.onError((error, c) => errorResponse(c, error, deps.log));
  return api;
}

export type { ApiDeps };
