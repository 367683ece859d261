// Order calls of spec section 7: an order read by its token (the thank-you page), its status, tracking by
// tracking number or by order (its token, or its number with its email), the buyer's address correction,
// and the purchase events kept for pixels.
import { Hono, type Context } from 'hono';
import type {
  Order,
  OrderTrackingRequest,
  OrderStatus,
  PurchaseEvent,
  PurchaseEventQuery,
  PurchaseEventRequest,
  Tracking,
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
  const { orders } = commerce;
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
        summary: 'The purchase events recorded for an order',
        tag: 'Orders',
        response: 'PurchaseEvent[]',
        caller: 'anyone',
      }),
      validate('query', 'PurchaseEventQuery'),
      async (c) => ok<PurchaseEvent[]>(c, await orders.events(valid<PurchaseEventQuery>(c, 'query').orderToken)),
    );
  for (const kind of EVENT_KINDS) {
    routes.post(
      `/orders/${kind}`,
      describeRoute({
        summary: 'Records a purchase event of an order (for pixels)',
        tag: 'Orders',
        response: 'Null',
        caller: 'anyone',
      }),
      validate('json', 'PurchaseEventRequest'),
      async (c) => {
        const body = valid<PurchaseEventRequest>(c, 'json');
        await orders.recordEvent(kind, body.orderToken, body.event, body.payload ?? {});
        return ok(c, null, 201);
      },
    );
  }
  return routes;
}
