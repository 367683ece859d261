// Answering a one-click offer after the shop's own checkout (spec section 7: POST api/paymentStrategy/upsell
// and /cancelUpsell, signed like every payment-strategy call): the same offer engine as a funnel's
// offers (POST /api/multicurrency/upsell, which also answers these offers, unsigned, for the plain forms
// a page without JavaScript posts). The offer itself is shown by GET api/site-checkout-trigger/{x}/nextproduct
// (page-views.ts: it comes with the page it is drawn on).
import { Hono } from 'hono';
import type { OfferAnswer, ShopOfferAcceptRequest, ShopOfferDeclineRequest } from '../../schemas/generated/api';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { signedPayment } from './payment-signature';
import { valid, validate } from './validate';

export function shopOfferRoutes({ commerce, onOrderPaid, origin }: ApiDeps) {
  const signed = signedPayment(commerce.paymentRequests, origin);
  return new Hono()
    .post(
      '/paymentStrategy/upsell',
      describeRoute({
        summary:
          "Pays a one-click offer after the shop's checkout with the main order's payment (signed); the first answer is replayed, the money taken once",
        tag: 'Payment',
        response: 'OfferAnswer',
        caller: 'visitor',
      }),
      signed,
      validate('json', 'ShopOfferAcceptRequest'),
      async (c) => {
        const { token, paymentToken, skuId } = valid<ShopOfferAcceptRequest>(c, 'json');
        const shopper = c.get('shopper');
        const accepted = await commerce.offers.accept(
          token,
          { ...(paymentToken ? { paymentToken } : {}), ...(skuId ? { skuId } : {}) },
          { locale: shopper.locale, now: new Date() },
          shopper.visitorId,
        );
        if (accepted.paid?.newlyPaid) onOrderPaid(accepted.paid.order.token!);
        return ok<OfferAnswer>(c, accepted.answer);
      },
    )
    .post(
      '/paymentStrategy/cancelUpsell',
      describeRoute({
        summary:
          "Declines a one-click offer after the shop's checkout (signed): its held stock goes back; next is the downsell or the thank-you page",
        tag: 'Payment',
        response: 'OfferAnswer',
        caller: 'visitor',
      }),
      signed,
      validate('json', 'ShopOfferDeclineRequest'),
      async (c) => {
        const { token } = valid<ShopOfferDeclineRequest>(c, 'json');
        return ok<OfferAnswer>(c, await commerce.offers.decline(token, c.get('shopper').visitorId));
      },
    );
}
