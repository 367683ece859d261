// What the shop tells a buyer by mail when an order is paid: composed in the order's language and sent
// once (only the statement that made the order paid reports it, and it marks the confirmation as sent),
// after the payment's answer, so a slow mail server never slows the checkout. A mail that fails is
// logged; the order stays paid.
import type { Order } from '../schemas/generated/api';
import type { Commerce } from './commerce';
import type { Mail, Mailer } from './mail/mailer';

export interface OrderNotifierDeps {
  commerce: Commerce;
  mailer: Mailer | undefined;
  /** Composes the confirmation of an order, in its language. */
  confirmation: (order: Order) => Promise<Omit<Mail, 'to'>>;
  log: (message: string, error?: unknown) => void;
  /** What else follows a paid order, after its confirmation (the checkout's newsletter box: its double opt-in). */
  afterConfirmation?: (orderToken: string) => Promise<void>;
  /** Resolves when no shopper's request is being handled (or after the wait given, at the latest). */
  whenQuiet?: (maxWaitMs: number) => Promise<void>;
}

/** How long a confirmation waits at most for the shop to be between requests. */
const MAX_MAIL_DELAY_MS = 3000;

export function createOrderNotifier({ commerce, mailer, confirmation, log, whenQuiet, afterConfirmation }: OrderNotifierDeps) {
  /** Every confirmation under way (tests and a stopping server wait for them). */
  const pending = new Set<Promise<void>>();
  async function confirm(orderToken: string) {
    if (!mailer) return;
    await whenQuiet?.(MAX_MAIL_DELAY_MS);
    const order = await commerce.orders.get(orderToken);
    await mailer.send({ to: order.email, ...(await confirmation(order)) });
    await afterConfirmation?.(orderToken).catch((error: unknown) =>
      log(`what follows order ${orderToken.slice(0, 8)}… being paid failed`, error),
    );
  }
  // One confirmation composed at a time, between shoppers' requests: a burst of paid orders (a funnel's
  // one-click offers) does not compose ten mails beside the buyers' requests; they follow right after.
  let queue: Promise<void> = Promise.resolve();
  return {
    orderPaid(orderToken: string) {
      const sending = (queue = queue.then(() =>
        confirm(orderToken).catch((error: unknown) =>
          log(`the confirmation mail of order ${orderToken.slice(0, 8)}… could not be sent`, error),
        ),
      )).finally(() => pending.delete(sending));
      pending.add(sending);
    },
    settled: () => Promise.all(pending).then(() => undefined),
  };
}
