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
import { ok } from './envelope';
import { valid, validate } from './validate';

const EVENT_KINDS: readonly PurchaseEventKind[] = ['saveOrderPurchaseEvent', 'updataOrderPurchaseEvent', 'sendFbPurchaseEvent'];

export function orderRoutes({ commerce }: ApiDeps) {
  const { orders } = commerce;
  const token = (c: Context) => c.req.param('token') ?? '';
  const routes = new Hono()
    .get('/multicurrency/general/order/:token', async (c) => ok<Order>(c, await orders.get(token(c), c.get('shopper').locale)))
    .get('/multicurrency/general/order/:token/ckstatus', async (c) => ok<OrderStatus>(c, await orders.status(token(c))))
    .put('/orders/:token/updateShipping', validate('json', 'UpdateShippingRequest'), async (c) => {
      await orders.updateShipping(
        token(c),
        valid<UpdateShippingRequest>(c, 'json').shippingAddress,
        c.get('shopper').baseCurrency.code,
      );
      return ok<Order>(c, await orders.get(token(c), c.get('shopper').locale));
    })
    .get('/orders/tracking', validate('query', 'TrackingQuery'), async (c) =>
      ok<Tracking>(c, await orders.trackingByNumber(valid<TrackingQuery>(c, 'query').number, c.get('shopper').locale)),
    )
    .post('/orders/tracking', validate('json', 'OrderTrackingRequest'), async (c) => {
      const { orderNumber, email } = valid<OrderTrackingRequest>(c, 'json');
      return ok<Tracking>(c, await orders.trackingByOrder(orderNumber, email, c.get('shopper').locale));
    })
    .get('/orders/:token/tracking', async (c) => ok<Tracking>(c, await orders.trackingByToken(token(c), c.get('shopper').locale)))
    .get('/orders/getOrderFbEventLog', validate('query', 'PurchaseEventQuery'), async (c) =>
      ok<PurchaseEvent[]>(c, await orders.events(valid<PurchaseEventQuery>(c, 'query').orderToken)),
    );
  for (const kind of EVENT_KINDS) {
    routes.post(`/orders/${kind}`, validate('json', 'PurchaseEventRequest'), async (c) => {
      const body = valid<PurchaseEventRequest>(c, 'json');
      await orders.recordEvent(kind, body.orderToken, body.event, body.payload ?? {});
      return ok(c, null, 201);
    });
  }
  return routes;
}
