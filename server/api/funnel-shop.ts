// A shopper's funnel calls (spec section 7, Funnel): the funnel checkout's products priced
// (calculatePrice), its payment methods (the funnelTag list), answering a one-click offer (upsell: JSON,
// or a plain HTML form answered with a 303 redirect, so an offer works without JavaScript) and the offer's
// validity by the server's clock (validateTime). Paying the funnel checkout is funnel-buy (payment.ts).
import { Hono, type Context } from 'hono';
import type {
  Checkout,
  FunnelLocation,
  FunnelLocationQuery,
  FunnelProduct,
  FunnelRecentOrder,
  FunnelShippingRequest,
  FunnelSkusQuery,
  LiveFunnel,
  Product,
  ShippingOption,
  EvergreenDeadline,
  EvergreenRequest,
  FunnelCheckoutRequest,
  OfferAnswer,
  OfferAnswerRequest,
  OfferValidity,
  OfferValidityQuery,
  PaymentMethod,
} from '../../schemas/generated/api';
import { isToken } from '../../schemas/token';
import { badRequest, ShopError } from '../commerce/errors';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { shippingOptionViews } from './checkout';
import { methodView } from './payment';
import { requireVisitor } from './request-context';
import { check, valid, validate } from './validate';

const isForm = (c: Context) => !(c.req.header('content-type') ?? '').toLowerCase().includes('application/json');

/** The body of an offer's answer: JSON, or the fields of a form. */
async function offerAnswerBody(c: Context): Promise<OfferAnswerRequest> {
  let raw: unknown;
  try {
    raw = isForm(c)
      ? Object.fromEntries(
          Object.entries(await c.req.parseBody())
            .filter(([, value]) => typeof value === 'string')
            // A form's chosen SKU (a select) is text: a whole number is read as one.
            .map(([key, value]) => [key, key === 'skuId' && /^\d{1,10}$/.test(value as string) ? Number(value) : value]),
        )
      : await c.req.json();
  } catch {
    throw badRequest('The request body could not be read.');
  }
  return check<OfferAnswerRequest>('OfferAnswerRequest', raw, 'offer answer');
}

export function funnelShopRoutes({ commerce, payments, onOrderPaid }: ApiDeps) {
  const locations = commerce.funnelLocations;
  const productsOf = (c: Context, handles: string[]) =>
    Promise.all(handles.map((h) => commerce.catalog.product(h, c.get('shopper'))));
  return (
    new Hono()
      // Where a shopper goes: {x} is a funnel's handle (with pageId or type), or a main order's token.
      .get(
        '/location/:x/nextlocation',
        describeRoute({
          summary:
            "The step after a funnel's step (x: the funnel's handle, with pageId or type), or where an order's buyer goes next (x: the order's token)",
          tag: 'Funnels',
          response: 'FunnelLocation',
          caller: 'anyone',
        }),
        validate('query', 'FunnelLocationQuery'),
        async (c) => {
          const x = c.req.param('x');
          const query = valid<FunnelLocationQuery>(c, 'query');
          return ok<FunnelLocation>(
            c,
            isToken(x) ? await locations.afterOrder(x, query.type) : await locations.next(x, query, c.get('shopper').locale),
          );
        },
      )
      .get(
        '/location/:x/tks',
        describeRoute({
          summary: "The thank-you step of a funnel (x: its handle) or of an order's funnel (x: the order's token)",
          tag: 'Funnels',
          response: 'FunnelLocation',
          caller: 'anyone',
        }),
        validate('query', 'FunnelLocationQuery'),
        async (c) => {
          const x = c.req.param('x');
          return ok<FunnelLocation>(
            c,
            isToken(x) ? await locations.thanks(x) : await locations.check(x, { type: 'thank-you' }, c.get('shopper').locale),
          );
        },
      )
      .get(
        '/location/:x/checklocation',
        describeRoute({
          summary: 'A step of a live funnel by id or type (404: not in the live funnel)',
          tag: 'Funnels',
          response: 'FunnelLocation',
          caller: 'anyone',
        }),
        validate('query', 'FunnelLocationQuery'),
        async (c) => {
          const query = valid<FunnelLocationQuery>(c, 'query');
          return ok<FunnelLocation>(c, await locations.check(c.req.param('x'), query, c.get('shopper').locale));
        },
      )
      .get(
        '/funnel/:x/prevLocation',
        describeRoute({
          summary: 'The step that leads to a step (pageId), for a back link',
          tag: 'Funnels',
          response: 'FunnelLocation',
          caller: 'anyone',
        }),
        validate('query', 'FunnelLocationQuery'),
        async (c) => {
          const { pageId, order } = valid<FunnelLocationQuery>(c, 'query');
          return ok<FunnelLocation>(c, await locations.previous(c.req.param('x'), pageId, c.get('shopper').locale, order));
        },
      )
      .get(
        '/funnel/skus/detail',
        describeRoute({
          summary: 'Products with their SKUs and prices, by handle (at most 10)',
          tag: 'Funnels',
          response: 'Product[]',
          caller: 'anyone',
        }),
        validate('query', 'FunnelSkusQuery'),
        async (c) => ok<Product[]>(c, await productsOf(c, valid<FunnelSkusQuery>(c, 'query').handles.split(','))),
      )
      .get(
        '/funnel/test/test',
        describeRoute({
          summary: 'The live funnels and their checkout step (the test checkout page)',
          tag: 'Funnels',
          response: 'LiveFunnel[]',
          caller: 'anyone',
        }),
        async (c) => ok<LiveFunnel[]>(c, await locations.live(c.get('shopper').locale)),
      )
      .get(
        '/funnel/:handle/funnelProducts',
        describeRoute({
          summary: "The products of the funnel's checkout step, as its funnel-checkout block starts them",
          tag: 'Funnels',
          response: 'FunnelProduct[]',
          caller: 'anyone',
        }),
        async (c) => {
          const offered = await locations.products(c.req.param('handle'), c.get('shopper').locale);
          const products = await productsOf(
            c,
            offered.map((p) => p.handle),
          );
          return ok<FunnelProduct[]>(
            c,
            offered.map((p, i) => ({
              funnel_checkout_product_handle: p.handle,
              funnel_checkout_product_selected: p.selected,
              quantity: p.quantity,
              productData: products[i]!,
            })),
          );
        },
      )
      .get(
        '/orders/funnel/:funnelId/recentOrder',
        describeRoute({
          summary: "The visitor's latest paid order in a funnel (404: none)",
          tag: 'Funnels',
          response: 'FunnelRecentOrder',
          caller: 'visitor',
        }),
        async (c) => {
          const id = Number(c.req.param('funnelId'));
          if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
            throw badRequest('The funnel id must be a whole number from 1 to 2147483647.', {
              errors: [{ path: '/funnelId', message: 'must be a whole number from 1 to 2147483647', rule: 'id' }],
            });
          return ok<FunnelRecentOrder>(c, await locations.recentOrder(id, requireVisitor(c)));
        },
      )
      .post(
        '/multicurrency/shippingTemplate',
        describeRoute({
          summary: 'The ways of shipping a funnel checkout to a destination, priced',
          tag: 'Funnels',
          response: 'ShippingOption[]',
          caller: 'anyone',
        }),
        validate('json', 'FunnelShippingRequest'),
        async (c) => {
          const { checkoutToken, countryCode, provinceCode } = valid<FunnelShippingRequest>(c, 'json');
          const destination = { country: countryCode, ...(provinceCode ? { province: provinceCode } : {}) };
          return ok<ShippingOption[]>(c, await shippingOptionViews(commerce, c, { checkoutToken }, destination));
        },
      )
      .post(
        '/multicurrency/calculatePrice',
        describeRoute({
          summary:
            "Starts a funnel's checkout with the products chosen in its funnel-checkout block (or changes an open one's); answers it priced",
          tag: 'Funnels',
          response: 'Checkout',
          caller: 'visitor',
        }),
        validate('json', 'FunnelCheckoutRequest'),
        async (c) => {
          const request = valid<FunnelCheckoutRequest>(c, 'json');
          const shopper = c.get('shopper');
          const seen = { locale: shopper.locale, currencyCode: shopper.currency.code };
          const token = await commerce.funnelCheckouts.save(request, requireVisitor(c), seen);
          return ok<Checkout>(c, await commerce.checkouts.get(token, shopper));
        },
      )
      .get(
        '/funnel/checkout/paymentMethodList',
        describeRoute({
          summary: 'The payment methods of funnel checkouts (funnelTag)',
          tag: 'Funnels',
          response: 'PaymentMethod[]',
          caller: 'anyone',
        }),
        async (c) => {
          const locale = c.get('shopper').locale;
          return ok<PaymentMethod[]>(
            c,
            (await payments.methods()).filter((m) => m.funnelTag).map((m) => methodView(m, locale)),
          );
        },
      )
      .post(
        '/countdown/evergreen',
        describeRoute({
          summary: "A visitor's deadline of an evergreen countdown (set at their first visit, kept by the server)",
          tag: 'Funnels',
          response: 'EvergreenDeadline',
          caller: 'visitor',
        }),
        validate('json', 'EvergreenRequest'),
        async (c) => {
          const { page, block } = valid<EvergreenRequest>(c, 'json');
          return ok<EvergreenDeadline>(c, await commerce.evergreen(requireVisitor(c), page, block));
        },
      )
      .get(
        '/funnel/checkout/upsell/validateTime',
        describeRoute({
          summary: "Whether an offer can still be accepted, by the server's clock",
          tag: 'Funnels',
          response: 'OfferValidity',
          caller: 'anyone',
        }),
        validate('query', 'OfferValidityQuery'),
        async (c) => ok<OfferValidity>(c, await commerce.offers.validity(valid<OfferValidityQuery>(c, 'query').token)),
      )
      .post(
        '/multicurrency/upsell',
        describeRoute({
          summary:
            'Accepts or declines a one-click offer (OfferAnswerRequest as JSON, or a plain form answered with a 303 to the next step); the first answer is replayed',
          tag: 'Funnels',
          response: 'OfferAnswer',
          caller: 'anyone',
          rawBody: { def: 'OfferAnswerRequest', contentTypes: ['application/json', 'application/x-www-form-urlencoded'] },
        }),
        async (c) => {
          const form = isForm(c);
          const body = await offerAnswerBody(c);
          // The buyer's browser: the shopper's visitor, from the customerUUID header or the sakUUID cookie (what a plain form sends).
          // Only the visitor the main order was placed from may answer (a one-click charge is theirs).
          const visitor = c.get('shopper').visitorId;
          try {
            let answer: OfferAnswer;
            if (body.decision === 'accept') {
              const accepted = await commerce.offers.accept(
                body.token,
                {
                  ...(body.paymentToken ? { paymentToken: body.paymentToken } : {}),
                  ...(body.skuId ? { skuId: body.skuId } : {}),
                },
                { locale: c.get('shopper').locale, now: new Date() },
                visitor,
              );
              if (accepted.paid?.newlyPaid) onOrderPaid(accepted.paid.order.token!);
              answer = accepted.answer;
            } else {
              answer = await commerce.offers.decline(body.token, visitor);
            }
            // A form's answer is where the shopper goes: a refresh there asks nothing again.
            return form ? c.redirect(answer.next, 303) : ok<OfferAnswer>(c, answer);
          } catch (error) {
            // Without JavaScript the shopper is sent on: past an offer that ended, else back to it with its code.
            if (!form || !(error instanceof ShopError)) throw error;
            const next = (error.data as { next?: unknown } | null)?.next;
            if (typeof next === 'string') return c.redirect(next, 303);
            const back = c.req.header('referer');
            // Back to the offer's page: a funnel's step, or the offer after the shop's own checkout.
            const url =
              back && /^\/(funnel\/|checkout\/(upsell|downsell)$)/.test(new URL(back, 'http://shop').pathname)
                ? new URL(back, 'http://shop')
                : null;
            if (!url) throw error;
            url.searchParams.set('failed', String(error.code));
            return c.redirect(`${url.pathname}${url.search}`, 303);
          }
        },
      )
  );
}
