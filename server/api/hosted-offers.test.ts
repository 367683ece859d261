// One-click offers after paying on a hosted provider's page (PacyPay, Payssion): the provider keeps
// nothing to charge again without the shopper, so "pay now" sends them to its page once more, as a
// bank's does, and the offer is paid when the provider says so (the return or its notification). Before,
// such a buyer was skipped past every offer as ineligible.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelStepView, OfferAnswer, Order, PaymentOutcome, ShopOfferStepView } from '../../schemas/generated/api';
import { funnelOffers } from '../db/funnel-schema';
import { orders } from '../db/order-schema';
import { payments } from '../db/payment-schema';
import { TEST_BANK_SECRET } from '../../test-support/server/bank';
import { buyInFunnel, idempotencyKey, readyCheckout, shopperOf, type Call } from '../../test-support/server/buyer';
import { latestPaymentOf } from '../../test-support/server/gateway';
import { answerPage, hostedProvider } from '../../test-support/server/hosted';
import { firstSku } from '../../test-support/server/skus';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
let sunglasses: number;
let shirt: number;
const newVisitor = visitors();

beforeAll(async () => {
  shop = await createTestShop('pglite', { testPayments: { bankWebhookAfterMs: 0, bankWebhookSecret: TEST_BANK_SECRET } });
  sunglasses = (await firstSku(shop, 'sunglasses')).id;
  shirt = (await firstSku(shop, 'linen-shirt')).id;
});
afterAll(() => shop?.close());

/** The provider's page (or its signed entry) a payment's answer sends the shopper to: its reference. */
const referenceOf = async (orderToken: string) => (await latestPaymentOf(shop, orderToken)).providerReference!;
/** An offer's own order (placed when it was shown; its token is told to the shopper once paid). */
async function offerOrderOf(token: string) {
  const [row] = await shop.database.db
    .select({ order: orders.token })
    .from(funnelOffers)
    .innerJoin(orders, eq(orders.id, funnelOffers.orderId))
    .where(eq(funnelOffers.token, token.split('.')[0]!));
  return row!.order!;
}
const back = (call: Call, orderToken: string) => call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken });
const offerOf = (call: Call, order: string, type = 'upsell') =>
  call<ShopOfferStepView>('GET', `/site-checkout-trigger/${order}/nextproduct?type=${type}`);

/** A shop buyer of sunglasses (the demo's checkout trigger) who paid on PacyPay's page and came back. */
async function pacypayBuyer() {
  const call = shopperOf(shop, newVisitor());
  const checkoutToken = await readyCheckout(call, [{ skuId: sunglasses, quantity: 1 }], { buyNow: true });
  const placed = await call<PaymentOutcome>('POST', '/pacypay/create-order', {
    checkoutToken,
    paymentMethodCode: 'pacypay',
    idempotencyKey: idempotencyKey(),
  });
  expect(placed.status).toBe(200);
  const order = placed.data.orderToken;
  expect((await answerPage(shop, 'pacypay', await referenceOf(order), 'pay')).status).toBe(303);
  const paid = await back(call, order);
  expect(paid.data).toMatchObject({ status: 'paid', next: `/checkout/upsell?order=${order}` });
  return { call, order };
}

describe('a shop buyer who paid with PacyPay', () => {
  it('is shown the upsell, pays it on PacyPay’s page once more, and sees both orders on the thank-you page', async () => {
    const { call, order } = await pacypayBuyer();
    const { offer } = (await offerOf(call, order)).data;
    expect(offer?.path).toBe('redirect');
    const accepted = await call<OfferAnswer>('POST', '/paymentStrategy/upsell', { token: offer!.token });
    expect(accepted.status).toBe(200);
    // Not paid yet: the shopper goes to the provider's page for the offer's own payment.
    expect(accepted.data.status).toBe('shown');
    const offerOrder = await offerOrderOf(offer!.token);
    const reference = await referenceOf(offerOrder);
    expect(accepted.data.next).toMatch(new RegExp(`/api/payment-providers/pacypay/pay/${reference}$`));
    // Back on the offer before paying there: the same offer.
    expect((await offerOf(call, order)).data.offer?.token).toBe(offer!.token);

    const paidThere = await answerPage(shop, 'pacypay', reference, 'pay');
    expect(paidThere.headers.get('location')).toBe(`/payment/information?order=${offerOrder}`);
    // The provider's notification and the shopper's return both arrive: one payment, the offer's price.
    await hostedProvider(shop, 'pacypay').notify(reference);
    expect((await back(call, offerOrder)).data).toMatchObject({ status: 'paid', next: `/thankyou/${order}` });
    const [upsell] = await shop.database.db.select().from(orders).where(eq(orders.token, offerOrder));
    const charged = await shop.database.db.select().from(payments).where(eq(payments.orderId, upsell!.id));
    expect(charged.map((p) => [p.status, p.method, p.amount])).toEqual([['succeeded', 'pacypay', upsell!.totals!.totalPrice]]);
    expect((await offerOf(call, order)).data.redirect).toBe(`/thankyou/${order}`);
    const read = await call<Order>('GET', `/multicurrency/general/order/${order}`);
    expect(read.data.upsellOrders.map((o) => o.token)).toEqual([offerOrder]);
  });

  it('declined on the provider’s page: the offer is still there to pay or to refuse, and "no thanks" leads on', async () => {
    const { call, order } = await pacypayBuyer();
    const { offer } = (await offerOf(call, order)).data;
    const accepted = await call<OfferAnswer>('POST', '/paymentStrategy/upsell', { token: offer!.token });
    expect(accepted.data.status).toBe('shown');
    const offerOrder = await offerOrderOf(offer!.token);
    await answerPage(shop, 'pacypay', await referenceOf(offerOrder), 'decline');
    const returned = await back(call, offerOrder);
    expect(returned.data.status).toBe('failed');
    expect((await offerOf(call, order)).data.offer?.token).toBe(offer!.token);
    const declined = await call<OfferAnswer>('POST', '/paymentStrategy/cancelUpsell', { token: offer!.token });
    expect(declined.data).toMatchObject({ status: 'declined', next: `/checkout/downsell?order=${order}` });
    const [upsell] = await shop.database.db.select().from(orders).where(eq(orders.token, offerOrder));
    expect(upsell!.status).not.toBe('paid');
  });
});

describe('a funnel buyer who paid with Payssion', () => {
  it('pays the funnel’s upsell on Payssion’s page and goes on to the next step', async () => {
    const call = shopperOf(shop, newVisitor());
    const { outcome } = await buyInFunnel(call, 'summer-linen', [{ skuId: shirt, quantity: 1 }], { method: 'payssion' });
    expect(outcome).toMatchObject({ status: 'action', action: 'redirect' });
    const order = outcome.orderToken;
    await answerPage(shop, 'payssion', await referenceOf(order), 'pay');
    const step = `/funnel/summer-linen?pageId=socks&order=${order}`;
    expect((await back(call, order)).data).toMatchObject({ status: 'paid', next: step });

    const offer = (await call<FunnelStepView>('GET', `/multicurrency${step}`)).data.offer!;
    expect(offer.path).toBe('redirect');
    const accepted = await call<OfferAnswer>('POST', '/multicurrency/upsell', { token: offer.token, decision: 'accept' });
    expect(accepted.data.status).toBe('shown');
    const offerOrder = await offerOrderOf(offer.token);
    // Payssion's signed entry first, then its page.
    expect(accepted.data.next).toContain('/api/payment-providers/payssion/checkout?');
    await answerPage(shop, 'payssion', await referenceOf(offerOrder), 'pay');
    expect((await back(call, offerOrder)).data).toMatchObject({
      status: 'paid',
      next: `/funnel/summer-linen?pageId=thanks&order=${order}`,
    });
    const thanks = await call<FunnelStepView>('GET', `/multicurrency/funnel/summer-linen?pageId=thanks&order=${order}`);
    expect(thanks.data.order!.upsellOrders.map((o) => o.payment?.method)).toEqual(['payssion']);
  });
});
