// AsiaBill's calls (spec section 7: POST api/asiabill/sessionToken and confirmCharge, signed) and its
// hosted fields' own endpoint: a session is opened for a checkout, the card form sends the card to
// AsiaBill's endpoint with the session (the only call that receives the number), and confirmCharge pays
// the checkout with the card the session holds (idempotent: one key, one charge; 3-D Secure may follow).
// A browser whose answer was lost goes through the three calls again: the checkout's session is answered
// again (200; 201 when opened), the same card in it is the same paymentMethodId, so its confirmCharge is
// the request it sent before and its key answers that charge again; a key with another request is 409.
import { Hono } from 'hono';
import type {
  AsiabillCard,
  AsiabillChargeRequest,
  AsiabillSession,
  AsiabillSessionRequest,
  CardTokenRequest,
} from '../../schemas/generated/api';
import { badRequest, ShopError } from '../commerce/errors';
import { ASIABILL, type AsiabillProvider } from '../payments/simulated/asiabill/provider';
import { cardProblems } from '../payments/simulated/card/vault';
import { checkoutPayer } from './checkout-payer';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { idempotent } from './idempotency';
import { signedPayment } from './payment-signature';
import { valid, validate } from './validate';

const sessionRefused = (message: string) =>
  badRequest(message, { errors: [{ path: '/sessionToken', message, rule: 'asiabillSession' }] });

export function asiabillRoutes(deps: ApiDeps) {
  const { commerce, payments } = deps;
  const signed = signedPayment(commerce.paymentRequests, deps.origin);
  const payer = checkoutPayer(deps);
  const asiabill = () => payments.provider(ASIABILL) as AsiabillProvider;
  return new Hono()
    .post(
      '/asiabill/sessionToken',
      describeRoute({
        summary:
          "The AsiaBill hosted-fields session of the checkout's card form: opened (201), or the open one again (200); 5009 for no such checkout",
        tag: 'Payment',
        response: 'AsiabillSession',
        caller: 'anyone',
      }),
      signed,
      validate('json', 'AsiabillSessionRequest'),
      async (c) => {
        const { checkoutToken } = valid<AsiabillSessionRequest>(c, 'json');
        // A checkout of this shop, still open to payment (5009 otherwise).
        await commerce.checkouts.get(checkoutToken, c.var.shopper);
        const session = await asiabill().openSession(checkoutToken);
        return ok<AsiabillSession>(
          c,
          {
            sessionToken: session.sessionToken,
            fieldsUrl: `/api/payment-providers/${ASIABILL}/sessions/${session.sessionToken}/card`,
            expiresAt: new Date(session.expiresAt).toISOString(),
          },
          session.opened ? 201 : 200,
        );
      },
    )
    .post(
      '/payment-providers/asiabill/sessions/:sessionToken/card',
      describeRoute({
        summary:
          "AsiaBill's hosted fields: the card of a session becomes its payment method (the only AsiaBill call that receives a card number)",
        tag: 'Payment',
        response: 'AsiabillCard',
        caller: 'anyone',
      }),
      validate('json', 'CardTokenRequest'),
      async (c) => {
        const card = valid<CardTokenRequest>(c, 'json');
        const problems = cardProblems(card);
        if (problems.length)
          throw badRequest(`The card is not valid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`, {
            errors: problems,
            errorCount: problems.length,
          });
        const token = await asiabill().tokenize(c.req.param('sessionToken'), card);
        if (!token) throw sessionRefused('The AsiaBill session is not open (unknown or expired): open a new one.');
        return ok<AsiabillCard>(c, token, 201);
      },
    )
    .post(
      '/asiabill/confirmCharge',
      describeRoute({
        summary:
          "Charges the card of an AsiaBill hosted-fields session for its checkout; a decline answers its 800xx code, 3-D Secure sends the shopper to AsiaBill's page",
        tag: 'Payment',
        response: 'PaymentOutcome',
        caller: 'anyone',
      }),
      signed,
      validate('json', 'AsiabillChargeRequest'),
      idempotent(commerce.paymentRequests.idempotencyKeys),
      async (c) => {
        const { sessionToken, paymentMethodId, ...request } = valid<AsiabillChargeRequest>(c, 'json');
        await payer.refuseUnlessOf(request.paymentMethodCode, ASIABILL);
        const session = await asiabill().session(sessionToken);
        if (!session || session.checkoutToken !== request.checkoutToken)
          throw sessionRefused('The AsiaBill session is not open for this checkout: open a new one.');
        if (session.card !== paymentMethodId)
          throw new ShopError('paymentMethodError', "This card is not the one of the session's hosted fields.", {
            errors: [{ path: '/paymentMethodId', message: 'is not the card of this session', rule: 'asiabillCard' }],
          });
        return payer.pay(c, { ...request, paymentToken: sessionToken });
      },
    );
}
