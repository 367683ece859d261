// Orders: one operation per file (place, pay, read, track, correct the address, purchase events, expire),
// composed here for the API.
import type { CheckoutAddress } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import type { Provider } from '../../payments/provider';
import type { Promotions } from '../catalog/promotions';
import type { Reference } from '../reference';
import { localize } from '../../../schemas/localized-text';
import { payCheckout, type PayRequest } from './pay-order';
import type { OrderContext, OrderRow } from './place-order';
import { recordPurchaseEvent, purchaseEvents, type PurchaseEventKind } from './purchase-events';
import { orderStatus, readOrder } from './read-order';
import { expireUnpaidOrders } from './release-orders';
import { trackingByNumber, trackingByToken } from './tracking';
import { updateOrderShipping } from './update-shipping';

export interface OrderDeps {
  promotions: Promotions;
  reference: Reference;
  /** The payment providers by method code. */
  provider(code: string): Provider | undefined;
}

export function createOrders(db: Db, deps: OrderDeps) {
  const methodName = (code: string, locale: string) => {
    const provider = deps.provider(code);
    return provider ? localize(provider.name, locale) : code;
  };
  return {
    pay: (request: PayRequest, context: OrderContext) => payCheckout(db, deps, request, context),
    get: (token: string | OrderRow, locale?: string) => readOrder(db, { reference: deps.reference, methodName }, token, locale),
    status: (token: string) => orderStatus(db, token),
    trackingByNumber: (number: string, locale: string) => trackingByNumber(db, number, locale),
    trackingByToken: (token: string, locale: string) => trackingByToken(db, token, locale),
    updateShipping: (token: string, address: CheckoutAddress) => updateOrderShipping(db, deps.reference, token, address),
    recordEvent: (kind: PurchaseEventKind, token: string, event: string | undefined, payload: Record<string, unknown>) =>
      recordPurchaseEvent(db, kind, token, event, payload),
    events: (token: string) => purchaseEvents(db, token),
    expireUnpaid: (now = new Date()) => expireUnpaidOrders(db, now),
  };
}

export type Orders = ReturnType<typeof createOrders>;
