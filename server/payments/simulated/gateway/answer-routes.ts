// The page every test provider shows the shopper (3-D Secure, the wallet's approval, the bank, the
// pay-later plan) and the form it posts: one answer, taken once (a second click or another tab finds the
// payment answered), then back to the shop's return page. A payment already answered, or canceled by the
// shop, is not asked again: its page sends the shopper back.
import { Hono } from 'hono';
import { returnPath } from '../../provider';
import type { GatewayPayment, GatewayStore } from './store';

/** The state an answer moves the payment to, and what it adds to the payment's data. */
export type AnswerMove = readonly [state: string, data?: Record<string, unknown>];

export function answerRoutes<D extends { orderToken: string }>({
  store,
  path,
  waiting,
  page,
  answers,
  answered,
  owns = () => true,
}: {
  store: GatewayStore;
  /** The page's path under the provider's routes, e.g. `/pay`. */
  path: string;
  /** The state the page asks in. */
  waiting: string;
  page: (payment: GatewayPayment<D>) => string;
  /** The answers the page takes for this payment. */
  answers: (payment: GatewayPayment<D>) => Record<string, AnswerMove>;
  /** Told once when an answer moved the payment (e.g. the bank's webhook to send later). */
  answered?: (payment: GatewayPayment<D>, state: string) => void;
  /** Whether the page is for this payment (a provider may keep other records in its store). */
  owns?: (payment: GatewayPayment<D>) => boolean;
}): Hono {
  const find = async (reference: string) => {
    const payment = await store.find<D>(reference);
    return payment && owns(payment) ? payment : null;
  };
  return new Hono()
    .get(`${path}/:reference`, async (c) => {
      const payment = await find(c.req.param('reference'));
      if (!payment) return c.text('Not found', 404);
      if (payment.status !== waiting) return c.redirect(returnPath(payment.data.orderToken), 303);
      return c.html(page(payment));
    })
    .post(`${path}/:reference`, async (c) => {
      const payment = await find(c.req.param('reference'));
      if (!payment) return c.text('Not found', 404);
      const answer = (await c.req.parseBody()).answer;
      const moves = answers(payment);
      const move = typeof answer === 'string' && Object.hasOwn(moves, answer) ? moves[answer] : undefined;
      if (!move) return c.text('Unknown answer', 400);
      const [state, data] = move;
      if (await store.move(payment.reference, [waiting], state, data)) answered?.(payment, state);
      return c.redirect(returnPath(payment.data.orderToken), 303);
    });
}
