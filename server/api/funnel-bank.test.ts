// A bank buyer (iDEAL) in the demo funnel: the main order is paid when the bank's webhook says so, the
// buyer then goes on to the upsell, and accepting it sends them to the bank's page once more (a bank
// cannot be charged again without them) and back to the funnel's next step once the bank has paid.
import { DUTCH_ADDRESS, MEXICAN_ADDRESS } from '../../test-support/server/test-address';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelStepView, OfferAnswer, OrderStatus, PaymentOutcome } from '../../schemas/generated/api';
import { funnelOffers } from '../db/funnel-schema';
import { orders } from '../db/order-schema';
import { payments, testGatewayPayments } from '../db/payment-schema';
import { answerBank, bankEvent, sendBankWebhook, TEST_BANK_SECRET } from '../../test-support/server/bank';
import { buyInFunnel, shopperOf, type Call } from '../../test-support/server/buyer';
import { firstSku } from '../../test-support/server/skus';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
let shirt: number;
const newVisitor = visitors();

beforeAll(async () => {
  shop = await createTestShop('pglite', { testPayments: { bankWebhookAfterMs: 0, bankWebhookSecret: TEST_BANK_SECRET } });
  shirt = (await firstSku(shop, 'linen-shirt')).id;
});
afterAll(() => shop?.close());

const bankReference = (next: string) => next.split('/pay/')[1]!;

/** The shopper authorises at the bank, comes back, and the bank's webhook says it paid. */
async function bankPays(call: Call, outcome: PaymentOutcome): Promise<PaymentOutcome> {
  expect(outcome).toMatchObject({ status: 'action', action: 'redirect' });
  const reference = bankReference(outcome.next);
  expect((await answerBank(shop, reference, 'authorise')).status).toBe(303);
  const back = await call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken: outcome.orderToken });
  expect(back.data.status).toBe('pending');
  expect((await sendBankWebhook(shop, bankEvent(reference, 'payment.succeeded'))).status).toBe(200);
  return (await call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken: outcome.orderToken })).data;
}

describe('a bank buyer in a funnel', () => {
  it('goes on to the upsell once the bank has paid, and re-authorises the offer at the bank', async () => {
    const call = shopperOf(shop, newVisitor(), 'currencyCode=EUR');
    const { outcome } = await buyInFunnel(call, 'summer-linen', [{ skuId: shirt, quantity: 1 }], {
      method: 'ideal',
      bank: 'ing',
      address: DUTCH_ADDRESS,
    });
    const paid = await bankPays(call, outcome);
    expect(paid).toMatchObject({ status: 'paid', next: `/funnel/summer-linen?pageId=socks&order=${outcome.orderToken}` });
    // The pending page's status call leads on to the funnel too.
    const status = await call<OrderStatus>('GET', `/multicurrency/general/order/${outcome.orderToken}/ckstatus`);
    expect(status.data.payment?.next).toBe(`/funnel/summer-linen?pageId=socks&order=${outcome.orderToken}`);

    const offer = (
      await call<FunnelStepView>('GET', `/multicurrency/funnel/summer-linen?pageId=socks&order=${outcome.orderToken}`)
    ).data.offer!;
    expect(offer.path).toBe('redirect');
    const accepted = await call<OfferAnswer>('POST', '/multicurrency/upsell', { token: offer.token, decision: 'accept' });
    // Not paid yet: the shopper goes to the bank's page for the offer's own payment.
    expect(accepted.data.status).toBe('shown');
    expect(accepted.data.next).toMatch(/\/api\/payment-providers\/test-bank\/pay\/tb_[0-9a-f]+$/);
    // Back on the offer before the bank answered: the same offer, the same token.
    const again = await call<FunnelStepView>(
      'GET',
      `/multicurrency/funnel/summer-linen?pageId=socks&order=${outcome.orderToken}`,
    );
    expect(again.data.offer?.token).toBe(offer.token);
    const reference = bankReference(accepted.data.next);
    expect((await answerBank(shop, reference, 'authorise')).status).toBe(303);
    expect((await sendBankWebhook(shop, bankEvent(reference, 'payment.succeeded'))).status).toBe(200);
    // Paid at the bank: the offer's step sends the buyer on; the thank-you step shows both orders.
    const after = await call<FunnelStepView>(
      'GET',
      `/multicurrency/funnel/summer-linen?pageId=socks&order=${outcome.orderToken}`,
    );
    expect(after.data.redirect).toBe(`/funnel/summer-linen?pageId=thanks&order=${outcome.orderToken}`);
    const thanks = await call<FunnelStepView>(
      'GET',
      `/multicurrency/funnel/summer-linen?pageId=thanks&order=${outcome.orderToken}`,
    );
    expect(thanks.data.order!.upsellOrders).toHaveLength(1);
    expect(thanks.data.order!.upsellOrders[0]!.payment).toMatchObject({ method: 'ideal' });
  });

  it('a voucher buyer (OXXO) goes on at once; an accepted offer is added to the voucher, and one store payment pays both', async () => {
    const call = shopperOf(shop, newVisitor(), 'currencyCode=MXN');
    const { outcome } = await buyInFunnel(call, 'summer-linen', [{ skuId: shirt, quantity: 1 }], {
      method: 'oxxo',
      address: MEXICAN_ADDRESS,
    });
    const reference = bankReference(outcome.next);
    expect((await answerBank(shop, reference, 'voucher')).status).toBe(303);
    const issued = await call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken: outcome.orderToken });
    // Not paid yet (the store has the voucher), but the funnel goes on to its offer.
    expect(issued.data).toMatchObject({
      status: 'pending',
      reason: 'voucher',
      next: `/funnel/summer-linen?pageId=socks&order=${outcome.orderToken}`,
    });
    const offer = (
      await call<FunnelStepView>('GET', `/multicurrency/funnel/summer-linen?pageId=socks&order=${outcome.orderToken}`)
    ).data.offer!;
    expect(offer.path).toBe('add');
    const accepted = await call<OfferAnswer>('POST', '/multicurrency/upsell', { token: offer.token, decision: 'accept' });
    expect(accepted.data).toMatchObject({
      status: 'accepted',
      next: `/funnel/summer-linen?pageId=thanks&order=${outcome.orderToken}`,
    });
    // Sent again: the same answer, the voucher grown once.
    expect(
      (await call<OfferAnswer>('POST', '/multicurrency/upsell', { token: offer.token, decision: 'accept' })).data.status,
    ).toBe('accepted');
    const db = shop.database.db;
    const [main] = await db.select().from(orders).where(eq(orders.token, outcome.orderToken));
    const [row] = await db
      .select()
      .from(funnelOffers)
      .where(eq(funnelOffers.token, offer.token.split('.')[0]!));
    const [added] = await db.select().from(orders).where(eq(orders.id, row!.orderId!));
    const [voucher] = await db.select().from(testGatewayPayments).where(eq(testGatewayPayments.reference, reference));
    expect(voucher!.amount).toBe(main!.totals!.totalPrice + added!.totals!.totalPrice);
    // The offer's order waits as long as the voucher can be paid.
    expect(added).toMatchObject({ status: 'pending', expiresAt: main!.expiresAt });

    // The thank-you step shows the offer's order with the main one, both waiting for the store.
    const waiting = await call<FunnelStepView>(
      'GET',
      `/multicurrency/funnel/summer-linen?pageId=thanks&order=${outcome.orderToken}`,
    );
    expect(waiting.data.order!.status).toBe('pending');
    expect(waiting.data.order!.upsellOrders.map((o) => o.status)).toEqual(['pending']);

    // The store's payment of the voucher pays both orders.
    expect((await sendBankWebhook(shop, bankEvent(reference, 'payment.succeeded'))).status).toBe(200);
    const paid = await db.select().from(orders).where(eq(orders.id, main!.id));
    const paidOffer = await db.select().from(orders).where(eq(orders.id, added!.id));
    expect([paid[0]!.status, paidOffer[0]!.status]).toEqual(['paid', 'paid']);
    const offerPayments = await db.select().from(payments).where(eq(payments.orderId, added!.id));
    expect(offerPayments.map((p) => [p.method, p.status, p.providerReference])).toEqual([['oxxo', 'succeeded', reference]]);
    const thanks = await call<FunnelStepView>(
      'GET',
      `/multicurrency/funnel/summer-linen?pageId=thanks&order=${outcome.orderToken}`,
    );
    expect(thanks.data.order!.upsellOrders.map((o) => o.status)).toEqual(['paid']);
  });
});
