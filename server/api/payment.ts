// Payment calls (spec section 7): the payment-method list (in the spec's own shape, not the envelope),
// the test card provider's own tokenizing endpoint (the only call that ever receives a card number), and
// POST api/payment/create-order, which places the checkout's order and pays it with a token.
import { Hono } from 'hono';
import type {
  CardToken,
  CardTokenRequest,
  CreateOrderRequest,
  PaymentMethodList,
  PaymentOutcome,
} from '../../schemas/generated/api';
import { localize } from '../../schemas/localized-text';
import { badRequest } from '../commerce/errors';
import { cardProblems } from '../payments/test-card/vault';
import type { ApiDeps } from './deps';
import { ok } from './envelope';
import { valid, validate } from './validate';

export function paymentRoutes({ commerce, payments, log, onOrderPaid }: ApiDeps) {
  return new Hono()
    .get('/payment-methods/list', validate('query', 'PaymentMethodsQuery'), async (c) => {
      try {
        const locale = c.get('locale');
        const result = payments.methods().map((p) => ({
          code: p.code,
          name: localize(p.name, locale),
          type: p.type,
          defaulted: p.code === payments.defaultMethod,
          normalTag: p.normalTag,
          funnelTag: p.funnelTag,
        }));
        return c.json<PaymentMethodList>({ success: true, result });
      } catch (error) {
        // Spec section 4: on failure both lists are empty, and the fault is logged.
        log('the payment methods could not be listed', error);
        return c.json<PaymentMethodList>({ success: false, result: [] });
      }
    })
    .post('/payment-providers/test-card/tokens', validate('json', 'CardTokenRequest'), async (c) => {
      const card = valid<CardTokenRequest>(c, 'json');
      const problems = cardProblems(card);
      if (problems.length) {
        throw badRequest(`The card is not valid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`, {
          errors: problems,
          errorCount: problems.length,
        });
      }
      return ok<CardToken>(c, await payments.testCard.tokenize(card), 201);
    })
    .post('/payment/create-order', validate('json', 'CreateOrderRequest'), async (c) => {
      const request = valid<CreateOrderRequest>(c, 'json');
      const { order, newlyPaid } = await commerce.orders.pay(request, {
        locale: c.get('locale'),
        currency: c.get('currency'),
        base: c.get('baseCurrency'),
        now: new Date(),
      });
      if (newlyPaid) onOrderPaid(order.token!);
      const paid = order.status === 'paid';
      return ok<PaymentOutcome>(c, {
        status: paid ? 'paid' : 'pending',
        orderToken: order.token!,
        orderNumber: order.number!,
        next: paid ? `/thankyou/${order.token}` : `/payment/pending?order=${order.token}`,
      });
    });
}
