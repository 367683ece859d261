// Order calls of spec section 7: an order read by its token (the thank-you page), its status, tracking by
// tracking number or by order (its token, or its number with its email), the buyer's address correction,
// and the purchase events: the browser's records, the order's log with its server events, and the
// merchant's list of server events (docs/payments.md#server-side-purchase-events).
import { Hono, type Context } from 'hono';
import type {
  ListedServerPurchaseEvent,
  Order,
  OrderTrackingRequest,
  OrderStatus,
  PurchaseEventLog,
  PurchaseEventQuery,
  PurchaseEventRequest,
  Tracking,
  ServerPurchaseEventQuery,
  TrackingQuery,
  UpdateShippingRequest,
} from '../../schemas/generated/api';
import type { PurchaseEventKind } from '../commerce/orders/purchase-events';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { valid, validate } from './validate';

const EVENT_KINDS: readonly PurchaseEventKind[] = ['saveOrderPurchaseEvent', 'updataOrderPurchaseEvent', 'sendFbPurchaseEvent'];

export function orderRoutes({ commerce }: ApiDeps) {
  const { orders, purchaseEvents } = commerce;
  const token = (c: Context) => c.req.param('token') ?? '';
  const routes = new Hono()
    .get(
      '/multicurrency/general/order/:token',
      describeRoute({ summary: 'An order, by its token (5010: none)', tag: 'Orders', response: 'Order', caller: 'anyone' }),
      async (c) => ok<Order>(c, await orders.get(token(c), c.get('shopper').locale)),
    )
    .get(
      '/multicurrency/general/order/:token/ckstatus',
      describeRoute({
        summary: 'Payment and fulfillment status of an order',
        tag: 'Orders',
        response: 'OrderStatus',
        caller: 'anyone',
      }),
      async (c) => ok<OrderStatus>(c, await orders.status(token(c))),
    )
    .put(
      '/orders/:token/updateShipping',
      describeRoute({
        summary: 'Corrects the shipping address before the order ships (8002 once it has); answers the order',
        tag: 'Orders',
        response: 'Order',
        caller: 'anyone',
      }),
      validate('json', 'UpdateShippingRequest'),
      async (c) => {
        await orders.updateShipping(
          token(c),
          valid<UpdateShippingRequest>(c, 'json').shippingAddress,
          c.get('shopper').baseCurrency.code,
        );
        return ok<Order>(c, await orders.get(token(c), c.get('shopper').locale));
      },
    )
    .get(
      '/orders/tracking',
      describeRoute({ summary: 'Tracking by tracking number', tag: 'Orders', response: 'Tracking', caller: 'anyone' }),
      validate('query', 'TrackingQuery'),
      async (c) =>
        ok<Tracking>(c, await orders.trackingByNumber(valid<TrackingQuery>(c, 'query').number, c.get('shopper').locale)),
    )
    .post(
      '/orders/tracking',
      describeRoute({
        summary: 'Tracking by order number and the email of the order (5010 when they do not match)',
        tag: 'Orders',
        response: 'Tracking',
        caller: 'anyone',
      }),
      validate('json', 'OrderTrackingRequest'),
      async (c) => {
        const { orderNumber, email } = valid<OrderTrackingRequest>(c, 'json');
        return ok<Tracking>(c, await orders.trackingByOrder(orderNumber, email, c.get('shopper').locale));
      },
    )
    .get(
      '/orders/:token/tracking',
      describeRoute({ summary: 'Tracking of an order', tag: 'Orders', response: 'Tracking', caller: 'anyone' }),
      async (c) => ok<Tracking>(c, await orders.trackingByToken(token(c), c.get('shopper').locale)),
    )
    .get(
      '/orders/getOrderFbEventLog',
      describeRoute({
        summary:
          "An order's purchase events: its one event id, the browser's records, and its server events' states (attempts, errors, sent times) or why it has none",
        tag: 'Orders',
        response: 'PurchaseEventLog',
        caller: 'anyone',
      }),
      validate('query', 'PurchaseEventQuery'),
      async (c) => ok<PurchaseEventLog>(c, await purchaseEvents.log(valid<PurchaseEventQuery>(c, 'query').orderToken)),
    )
    .get(
      '/orders/server-purchase-events',
      describeRoute({
        summary: 'The latest server purchase events across orders, newest first, in a status (pending, sent, failed)',
        tag: 'Orders',
        response: 'ListedServerPurchaseEvent[]',
        caller: 'merchant',
      }),
      validate('query', 'ServerPurchaseEventQuery'),
      async (c) => {
        const query = valid<ServerPurchaseEventQuery>(c, 'query');
        return ok<ListedServerPurchaseEvent[]>(c, await purchaseEvents.list({ ...query, limit: query.limit ?? 50 }));
      },
    );
  for (const kind of EVENT_KINDS) {
    routes.post(
      `/orders/${kind}`,
      describeRoute({
        summary:
          kind === 'sendFbPurchaseEvent'
            ? "Records the browser's request to send the order's server purchase events now: the pending ones are made due for the sender (never sent inline)"
            : "Records a browser purchase event of an order (the merchant reads it in the order's log)",
        tag: 'Orders',
        response: 'Null',
        caller: 'anyone',
      }),
      validate('json', 'PurchaseEventRequest'),
      async (c) => {
        const body = valid<PurchaseEventRequest>(c, 'json');
        await orders.recordEvent(kind, body.orderToken, body.event, body.payload ?? {});
        // The outbox is the one sender: a request only brings its order's events forward.
        if (kind === 'sendFbPurchaseEvent') await purchaseEvents.expedite(body.orderToken);
        return ok(c, null, 201);
      },
    );
  }
  return routes;
}
