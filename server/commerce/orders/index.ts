// Orders: one operation per file (place, pay, settle, confirm, read, track, correct the address, purchase
// events, expire), composed here for the API.
import type { CheckoutAddress } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import type { Provider, WebhookEvent } from '../../payments/provider';
import type { OfferedMethod } from '../../payments/registry';
import type { Promotions } from '../catalog/promotions';
import type { Reference } from '../reference';
import { localize } from '../../../schemas/localized-text';
import { endPayment } from './cancel-payment';
import { closePaymentsOf } from './close-payments';
import { confirmPayment } from './confirm-payment';
import { orderOfReference, orderWithPayment } from './latest-payment';
import { payCheckout, type PayRequest } from './pay-order';
import { paymentOutcome } from './payment-outcome';
import { applyWebhook } from './payment-webhook';
import type { OrderContext, OrderRow } from './place-order';
import { recordPurchaseEvent, type PurchaseEventKind } from './purchase-events';
import { orderStatus, readOrder } from './read-order';
import { expireUnpaidOrders } from './release-orders';
import { resumePayment } from './resume-payment';
import { setFulfillment } from './set-fulfillment';
import { trackingByNumber, trackingByOrder, trackingByToken } from './tracking';
import { updateOrderShipping } from './update-shipping';

export interface OrderDeps {
  promotions: Promotions;
  reference: Reference;
  /** The payment methods the shop offers (server/payments/registry.ts). */
  payments: { method(code: string): Promise<OfferedMethod | undefined>; origin: string };
  log?: (message: string, error?: unknown) => void;
}

export function createOrders(db: Db, deps: OrderDeps) {
  const lookup = { method: deps.payments.method };
  const methodName = async (code: string, locale: string) => {
    const method = await deps.payments.method(code);
    return method ? localize(method.name, locale) : code;
  };
  const status = async (token: string) => {
    // A card the issuer is still working on is asked again, so the page waiting on it moves on by itself.
    const { payment } = await orderWithPayment(db, token).catch(() => ({ payment: null }));
    if (payment?.status === 'processing' || payment?.status === 'authorization') await confirmPayment(db, lookup, token);
    return orderStatus(db, token);
  };
  return {
    pay: (request: PayRequest, context: OrderContext) =>
      payCheckout(db, { ...deps, method: deps.payments.method, origin: deps.payments.origin }, request, context),
    confirm: (token: string, options?: { threeDs?: boolean }) => confirmPayment(db, lookup, token, options),
    cancelPayment: (token: string) => endPayment(db, lookup, token, { status: 'canceled' }),
    failPayment: (token: string, code: number) => endPayment(db, lookup, token, { status: 'failed', code }),
    resumePayment: (token: string, input: { address?: CheckoutAddress; acceptShipping?: boolean }, baseCode: string) =>
      resumePayment(db, { ...lookup, reference: deps.reference }, token, input, baseCode),
    webhook: (provider: Provider, event: WebhookEvent) => applyWebhook(db, provider, event),
    /** The order of a token with its latest payment; 7006 when there is none. */
    withPayment: (token: string) => orderWithPayment(db, token),
    /** The order of a provider's payment reference (channelOrderId); 7006 when there is none. */
    byPaymentReference: (reference: string) => orderOfReference(db, reference),
    outcome: paymentOutcome,
    get: (token: string | OrderRow, locale?: string) => readOrder(db, { reference: deps.reference, methodName }, token, locale),
    status,
    trackingByNumber: (number: string, locale: string) => trackingByNumber(db, number, locale),
    trackingByToken: (token: string, locale: string) => trackingByToken(db, token, locale),
    trackingByOrder: (orderNumber: string, email: string, locale: string) => trackingByOrder(db, orderNumber, email, locale),
    /** Corrects an order's address; `baseCode`: the shop's base currency (its shipping was priced in it). */
    updateShipping: (token: string, address: CheckoutAddress, baseCode: string) =>
      updateOrderShipping(db, deps.reference, token, address, baseCode),
    recordEvent: (kind: PurchaseEventKind, token: string, event: string | undefined, payload: Record<string, unknown>) =>
      recordPurchaseEvent(db, kind, token, event, payload),
    /** The merchant marks a paid order fulfilled, shipped or delivered (only forward). */
    fulfil: (number: string, status: 'fulfilled' | 'shipped' | 'delivered') => setFulfillment(db, number, status),
    /** Expires the orders unpaid at `now`, then closes their waiting payments at their providers. */
    expireUnpaid: async (now = new Date()) => {
      const expired = await expireUnpaidOrders(db, now);
      await closePaymentsOf(db, lookup, expired, deps.log);
      return expired;
    },
  };
}

export type Orders = ReturnType<typeof createOrders>;
