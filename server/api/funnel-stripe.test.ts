// A Stripe buyer in the demo funnel: the Payment Element saves the card for the buyer (a Customer,
// setup_future_usage), and the upsell charges it again off session, with no form (against the local
// Stripe stand-in). A Checkout Session buyer has nothing saved: their offers are skipped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelStepView, OfferAnswer, PaymentOutcome } from '../../schemas/generated/api';
import { startMockStripe, type MockStripe } from '../../test-support/server/mock-stripe';
import { buyInFunnel, shopperOf, type Call } from '../../test-support/server/buyer';
import { firstSku } from '../../test-support/server/skus';
import { stripeOnMock } from '../../test-support/server/stripe';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';

let mock: MockStripe;
let shop: TestShop;
let shirt: number;
const newVisitor = visitors();

beforeAll(async () => {
  mock = await startMockStripe();
  shop = await createTestShop(
    'pglite',
    {},
    {
      providers: [stripeOnMock(mock)],
    },
  );
  shirt = (await firstSku(shop, 'linen-shirt')).id;
});
afterAll(async () => {
  await shop?.close();
  await mock?.close();
});

const offerStep = (call: Call, order: string) =>
  call<FunnelStepView>('GET', `/multicurrency/funnel/summer-linen?pageId=socks&order=${order}`);

describe('a Stripe buyer in a funnel', () => {
  it('pays with the Payment Element, then accepts the upsell in one click: an off-session charge of the saved card', async () => {
    const call = shopperOf(shop, newVisitor());
    const { outcome } = await buyInFunnel(call, 'summer-linen', [{ skuId: shirt, quantity: 1 }], { method: 'stripe-element' });
    expect(outcome).toMatchObject({ status: 'action', action: 'redirect' });
    const intentId = outcome.next.match(/\/pay\/(pi_\w+)$/)![1]!;
    expect(mock.intents.get(intentId)).toMatchObject({
      setup_future_usage: 'off_session',
      customer: expect.stringMatching(/^cus_/),
    });
    mock.pay(intentId);
    const paid = await call<PaymentOutcome>('POST', '/paymentStrategy/confirm', { orderToken: outcome.orderToken });
    expect(paid.data).toMatchObject({ status: 'paid', next: `/funnel/summer-linen?pageId=socks&order=${outcome.orderToken}` });

    const offer = (await offerStep(call, outcome.orderToken)).data.offer!;
    expect(offer.path).toBe('charge');
    const accepted = await call<OfferAnswer>('POST', '/multicurrency/upsell', { token: offer.token, decision: 'accept' });
    expect(accepted.data).toMatchObject({
      status: 'accepted',
      next: `/funnel/summer-linen?pageId=thanks&order=${outcome.orderToken}`,
    });
    const charge = mock.requests.filter((r) => r.path === '/v1/payment_intents' && r.params.off_session === 'true');
    expect(charge).toHaveLength(1);
    expect(charge[0]!.params).toMatchObject({
      confirm: 'true',
      customer: mock.intents.get(intentId)!.customer,
      payment_method: (mock.intents.get(intentId)!.payment_method as { id: string }).id,
      amount: String(offer.price.amount),
    });
    // Sent again: answered from the first, Stripe is not asked again.
    expect(
      (await call<OfferAnswer>('POST', '/multicurrency/upsell', { token: offer.token, decision: 'accept' })).data.status,
    ).toBe('accepted');
    expect(mock.requests.filter((r) => r.path === '/v1/payment_intents' && r.params.off_session === 'true')).toHaveLength(1);
    const thanks = await call<FunnelStepView>(
      'GET',
      `/multicurrency/funnel/summer-linen?pageId=thanks&order=${outcome.orderToken}`,
    );
    expect(thanks.data.order!.upsellOrders[0]!.payment).toMatchObject({ method: 'stripe-element', cardLast4: '4242' });
  });

  it('a Checkout Session buyer has no card saved: the offers are skipped', async () => {
    const call = shopperOf(shop, newVisitor());
    const { outcome } = await buyInFunnel(call, 'summer-linen', [{ skuId: shirt, quantity: 1 }], { method: 'stripe-checkout' });
    const sessionId = outcome.next.match(/(cs_test_\w+)/)![1]!;
    mock.completeSession(sessionId);
    await call('POST', '/paymentStrategy/confirm', { orderToken: outcome.orderToken });
    expect((await offerStep(call, outcome.orderToken)).data.redirect).toBe(
      `/funnel/summer-linen?pageId=tote&order=${outcome.orderToken}`,
    );
  });
});
