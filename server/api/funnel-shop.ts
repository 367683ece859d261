// A shopper's funnel calls (spec section 7, Funnel): the funnel checkout's products priced
// (calculatePrice), its payment methods (the funnelTag list), answering a one-click offer (upsell: JSON,
// or a plain HTML form answered with a 303 redirect, so an offer works without JavaScript) and the offer's
// validity by the server's clock (validateTime). Paying the funnel checkout is funnel-buy (payment.ts).
import { Hono, type Context } from 'hono';
import type {
  Checkout,
  EvergreenDeadline,
  EvergreenRequest,
  FunnelCheckoutRequest,
  OfferAnswer,
  OfferAnswerRequest,
  OfferValidity,
  OfferValidityQuery,
  PaymentMethod,
} from '../../schemas/generated/api';
import { badRequest, ShopError } from '../commerce/errors';
import type { ApiDeps } from './deps';
import { ok } from './envelope';
import { methodView } from './payment';
import { requireVisitor } from './request-context';
import { check, valid, validate } from './validate';

const isForm = (c: Context) => !(c.req.header('content-type') ?? '').toLowerCase().includes('application/json');

/** The body of an offer's answer: JSON, or the fields of a form. */
async function offerAnswerBody(c: Context): Promise<OfferAnswerRequest> {
  let raw: unknown;
  try {
    raw = isForm(c)
      ? Object.fromEntries(Object.entries(await c.req.parseBody()).filter(([, value]) => typeof value === 'string'))
      : await c.req.json();
  } catch {
    throw badRequest('The request body could not be read.');
  }
  return check<OfferAnswerRequest>('OfferAnswerRequest', raw, 'offer answer');
}

export function funnelShopRoutes({ commerce, payments, onOrderPaid }: ApiDeps) {
  return new Hono()
    .post('/multicurrency/calculatePrice', validate('json', 'FunnelCheckoutRequest'), async (c) => {
      const request = valid<FunnelCheckoutRequest>(c, 'json');
      const locale = c.get('locale');
      const currency = c.get('currency');
      const token = await commerce.funnelCheckouts.save(request, requireVisitor(c), { locale, currencyCode: currency.code });
      return ok<Checkout>(c, await commerce.checkouts.get(token, locale, currency, c.get('baseCurrency')));
    })
    .get('/funnel/checkout/paymentMethodList', async (c) => {
      const locale = c.get('locale');
      return ok<PaymentMethod[]>(
        c,
        (await payments.methods()).filter((m) => m.funnelTag).map((m) => methodView(m, locale)),
      );
    })
    .post('/countdown/evergreen', validate('json', 'EvergreenRequest'), async (c) => {
      const { page, block } = valid<EvergreenRequest>(c, 'json');
      return ok<EvergreenDeadline>(c, await commerce.evergreen(requireVisitor(c), page, block));
    })
    .get('/funnel/checkout/upsell/validateTime', validate('query', 'OfferValidityQuery'), async (c) =>
      ok<OfferValidity>(c, await commerce.offers.validity(valid<OfferValidityQuery>(c, 'query').token)),
    )
    .post('/multicurrency/upsell', async (c) => {
      const form = isForm(c);
      const body = await offerAnswerBody(c);
      const visitor = c.get('visitorId');
      try {
        let answer: OfferAnswer;
        if (body.decision === 'accept') {
          const accepted = await commerce.offers.accept(
            body.token,
            { ...(body.paymentToken ? { paymentToken: body.paymentToken } : {}) },
            { locale: c.get('locale'), now: new Date() },
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
        const url = back && new URL(back, 'http://shop').pathname.startsWith('/funnel/') ? new URL(back, 'http://shop') : null;
        if (!url) throw error;
        url.searchParams.set('failed', String(error.code));
        return c.redirect(`${url.pathname}${url.search}`, 303);
      }
    });
}
