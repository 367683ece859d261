// The bank selection of a redirect bank method (spec section 7: GET /api/paymentStrategy/airwallexIdealBanks):
// the iDEAL banks a shopper chooses from before paying; a payment naming another bank is refused
// (server/commerce/orders/pay-order.ts).
import { Hono } from 'hono';
import type { IdealBank } from '../../schemas/generated/api';
import { IDEAL_BANKS } from '../payments/simulated/bank/banks';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';

export function bankRoutes(_deps: ApiDeps) {
  return new Hono().get(
    '/paymentStrategy/airwallexIdealBanks',
    describeRoute({
      summary: 'The iDEAL banks a shopper chooses from (the bank of a payment request by iDEAL)',
      tag: 'Payment',
      response: 'IdealBank[]',
      caller: 'anyone',
    }),
    (c) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return ok<IdealBank[]>(c, [...IDEAL_BANKS]);
    },
  );
}
