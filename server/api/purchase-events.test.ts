// Server-side purchase events over the API (issue 27): one event id per purchase, made by the server when
// the order is paid and given to the thank-you page for the browser pixel; an outbox row per ad platform
// that is ON, only with advertising consent; the sender retries without counting twice; the order's log
// and the merchant's list.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  FunnelStepView,
  ListedServerPurchaseEvent,
  OfferAnswer,
  Order,
  PaymentOutcome,
  Product,
} from '../../schemas/generated/api';
import { buyInFunnel, cardToken, idempotencyKey, readyCheckout, type Call } from '../../test-support/server/buyer';
import { answerBank, bankEvent, payByBank, referenceOf, sendBankWebhook, TEST_BANK_SECRET } from '../../test-support/server/bank';
import {
  browserOf,
  consentCookie,
  eventLog,
  META_PIXEL,
  setAdApps,
  TIKTOK_PIXEL,
} from '../../test-support/server/purchase-events';
import { setStock } from '../../test-support/server/skus';
import { DUTCH_ADDRESS } from '../../test-support/server/test-address';
import { createTestShop, merchantHeaders, readEnvelope, visitors, type TestShop } from '../../test-support/server/test-app';
import { MAX_ATTEMPTS, retryDelayMs } from '../commerce/purchase-events/backoff';
import { createLocalConversions, type LocalConversions } from '../commerce/purchase-events/local-conversions';
import { serverEventOutbox } from '../db/purchase-events-schema';

let shop: TestShop;
let platform: LocalConversions;
let shirt: number;
const newVisitor = visitors();
const GRANTED = consentCookie({ advertising: true });

beforeAll(async () => {
  platform = createLocalConversions();
  shop = await createTestShop(
    'pglite',
    { cacheTtlMs: 0, testPayments: { bankWebhookAfterMs: 0, bankWebhookSecret: TEST_BANK_SECRET } },
    { conversions: platform },
  );
  const product = (await browserOf(shop, newVisitor(), null)<Product>('GET', '/products/linen-shirt')).data;
  shirt = product.skus[0]!.id;
  await setStock(shop, shirt, 1000);
});
afterAll(() => shop?.close());
beforeEach(() => setAdApps(shop, { meta: true }));

/** A shopper's browser with `cookie` buys a shirt with the test card: the order read as the thank-you page reads it. */
async function buy(cookie: string | null, call: Call = browserOf(shop, newVisitor(), cookie)) {
  const checkout = await readyCheckout(call, [{ skuId: shirt, quantity: 2 }]);
  const paid = await call<PaymentOutcome>('POST', '/payment/create-order', {
    checkoutToken: checkout,
    paymentMethodCode: 'card',
    paymentToken: await cardToken(call),
    idempotencyKey: idempotencyKey(),
  });
  expect(paid.data.status).toBe('paid');
  const order = (await call<Order>('GET', `/multicurrency/general/order/${paid.data.orderToken}`)).data;
  return { call, order };
}

const sendDue = (at = new Date()) => shop.app.commerce.purchaseEvents.sendDue({ now: at });
const later = (ms: number) => new Date(Date.now() + ms);
const deliveriesOf = (eventId: string) => platform.deliveries().filter((d) => d.eventId === eventId);

describe('one event id per purchase', () => {
  it('is made when the order is paid, given to the thank-you page, and carried by the one server event', async () => {
    const { call, order } = await buy(`${GRANTED}; _fbp=fb.1.1700000000000.42`);
    expect(order.purchaseEventId).toMatch(/^purchase\.[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // What the browser pixel's Purchase needs is in the same answer: value in minor units, currency, items.
    expect(order.totals.totalPrice.amount).toBeGreaterThan(0);
    expect(order.lines).toEqual([expect.objectContaining({ skuId: shirt, quantity: 2 })]);

    const before = await eventLog(call, order.token);
    expect(before).toMatchObject({ eventId: order.purchaseEventId, serverSkipped: null, browser: [] });
    expect(before.server).toEqual([
      expect.objectContaining({
        platform: 'pixel',
        eventId: order.purchaseEventId,
        status: 'pending',
        attempts: 0,
        sentAt: null,
      }),
    ]);

    expect(await sendDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [delivery] = deliveriesOf(order.purchaseEventId!);
    expect(delivery).toMatchObject({
      source: 'server',
      platform: 'pixel',
      pixelId: META_PIXEL,
      eventName: 'Purchase',
      counted: true,
    });
    expect(delivery!.payload).toMatchObject({
      orderNumber: order.number,
      value: order.totals.totalPrice.amount,
      currency: order.currencyCode,
      items: [{ skuId: shirt, productId: order.lines[0]!.productId, quantity: 2, price: order.lines[0]!.unitPrice.amount }],
      // The email only hashed, as the platforms match on it; the pixel's browser id kept with consent.
      emailSha256: createHash('sha256').update('ada@example.com').digest('hex'),
      match: { fbp: 'fb.1.1700000000000.42', userAgent: expect.stringContaining('Chrome') },
    });
    expect(JSON.stringify(delivery!.payload)).not.toContain('ada@example.com');

    // The browser pixel's Purchase with the same id: the platform counts the purchase once.
    platform.receiveBrowser({ platform: 'pixel', pixelId: META_PIXEL, eventName: 'Purchase', eventId: order.purchaseEventId! });
    expect(platform.counted().filter((d) => d.eventId === order.purchaseEventId)).toHaveLength(1);
    expect(deliveriesOf(order.purchaseEventId!)).toHaveLength(2);

    const after = await eventLog(call, order.token);
    expect(after.server).toEqual([
      expect.objectContaining({ status: 'sent', attempts: 1, lastError: null, nextAttemptAt: null, sentAt: expect.any(String) }),
    ]);
    // Sent is never claimed again.
    expect(await sendDue(later(24 * 60 * 60_000))).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(deliveriesOf(order.purchaseEventId!)).toHaveLength(2);
  });

  it('is null on an order not paid yet, and made by the webhook that pays it, under the consent it was placed with', async () => {
    // iDEAL: back from the bank the payment waits for the bank's webhook, which has no cookie of the shopper.
    const call = browserOf(shop, newVisitor(), GRANTED, 'currencyCode=EUR');
    const checkout = await readyCheckout(call, [{ skuId: shirt, quantity: 1 }], { address: DUTCH_ADDRESS });
    const started = await payByBank(call, checkout);
    const reference = referenceOf(started.data);
    expect((await answerBank(shop, reference, 'authorise')).status).toBe(303);
    const waiting = (await call<Order>('GET', `/multicurrency/general/order/${started.data.orderToken}`)).data;
    expect(waiting).toMatchObject({ status: 'pending', purchaseEventId: null });
    expect((await sendBankWebhook(shop, bankEvent(reference, 'payment.succeeded'))).status).toBe(200);
    const paid = (await call<Order>('GET', `/multicurrency/general/order/${started.data.orderToken}`)).data;
    expect(paid.status).toBe('paid');
    expect(paid.purchaseEventId).toMatch(/^purchase\./);
    expect((await eventLog(call, paid.token)).server).toEqual([
      expect.objectContaining({ platform: 'pixel', eventId: paid.purchaseEventId, status: 'pending' }),
    ]);
    // The webhook again changes nothing: still one event id, one row.
    await sendBankWebhook(shop, bankEvent(reference, 'payment.succeeded'));
    const rows = await shop.database.db
      .select()
      .from(serverEventOutbox)
      .where(eq(serverEventOutbox.eventId, paid.purchaseEventId!));
    expect(rows).toHaveLength(1);
  });
});

describe('a funnel’s one-click offer', () => {
  it('is a purchase of its own: its own event id, sent under the consent its main order was placed with', async () => {
    const call = browserOf(shop, newVisitor(), GRANTED);
    const { outcome } = await buyInFunnel(call, 'summer-linen', [{ skuId: shirt, quantity: 1 }]);
    expect(outcome.status).toBe('paid');
    const step = await call<FunnelStepView>('GET', `/multicurrency/funnel/summer-linen?pageId=socks&order=${outcome.orderToken}`);
    const accepted = await call<OfferAnswer>('POST', '/multicurrency/upsell', {
      token: step.data.offer!.token,
      decision: 'accept',
    });
    expect(accepted.data.status).toBe('accepted');
    const main = (await call<Order>('GET', `/multicurrency/general/order/${outcome.orderToken}`)).data;
    const [offer] = main.upsellOrders;
    expect(offer!.purchaseEventId).toMatch(/^purchase\./);
    expect(offer!.purchaseEventId).not.toBe(main.purchaseEventId);
    for (const order of [main, offer!])
      expect((await eventLog(call, order.token)).server).toEqual([
        expect.objectContaining({ platform: 'pixel', eventId: order.purchaseEventId, status: 'pending' }),
      ]);
  });
});

describe('which platforms get a server event', () => {
  it('one row per platform ON, each to its own pixels', async () => {
    await setAdApps(shop, { meta: true, tiktok: true });
    const { call, order } = await buy(GRANTED);
    expect((await eventLog(call, order.token)).server.map((s) => s.platform)).toEqual(['pixel', 'tiktok']);
    await sendDue();
    expect(deliveriesOf(order.purchaseEventId!).map((d) => [d.platform, d.pixelId])).toEqual([
      ['pixel', META_PIXEL],
      ['tiktok', TIKTOK_PIXEL],
    ]);
  });

  it('none without advertising consent, and the log says why; the event id is made all the same', async () => {
    const refused = await buy(consentCookie({ advertising: false, analytics: true }));
    // No cookie: the demo's cookie settings deny advertising by default.
    const notChosen = await buy(null);
    await setAdApps(shop, { meta: false });
    const noApp = await buy(GRANTED);
    for (const [bought, reason] of [
      [refused, 'consentRefused'],
      [notChosen, 'consentNotGiven'],
      [noApp, 'noAdApp'],
    ] as const) {
      const log = await eventLog(bought.call, bought.order.token);
      expect(log, reason).toMatchObject({ eventId: bought.order.purchaseEventId, serverSkipped: reason, server: [] });
      expect(bought.order.purchaseEventId).toMatch(/^purchase\./);
    }
  });

  it('marks an event failed, unsent, when its app was turned off before it went', async () => {
    const { call, order } = await buy(GRANTED);
    await setAdApps(shop, { meta: false });
    await sendDue();
    expect((await eventLog(call, order.token)).server).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 1, lastError: 'Not sent: its app is off.' }),
    ]);
    expect(deliveriesOf(order.purchaseEventId!)).toEqual([]);
  });
});

describe('sending again', () => {
  it('retries after an outage with backoff, and sends once it is back', async () => {
    const { call, order } = await buy(GRANTED);
    platform.failNext(1);
    expect(await sendDue()).toMatchObject({ sent: 0, retried: 1 });
    const waiting = (await eventLog(call, order.token)).server[0]!;
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Service temporarily unavailable' });
    expect(new Date(waiting.nextAttemptAt!).getTime()).toBeGreaterThan(Date.now() + retryDelayMs(1) - 5_000);
    // Not before its time.
    expect(await sendDue()).toMatchObject({ sent: 0 });
    expect(await sendDue(later(retryDelayMs(1) + 1_000))).toMatchObject({ sent: 1 });
    expect(deliveriesOf(order.purchaseEventId!)).toHaveLength(1);
    expect((await eventLog(call, order.token)).server[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('does not count twice a send whose answer was lost: sent again with the same id, the platform deduplicates it', async () => {
    const { call, order } = await buy(GRANTED);
    platform.loseAnswers(1);
    expect(await sendDue()).toMatchObject({ sent: 0, retried: 1 });
    expect((await eventLog(call, order.token)).server[0]).toMatchObject({
      status: 'pending',
      lastError: expect.stringMatching(/answer/),
    });
    expect(await sendDue(later(retryDelayMs(1) + 1_000))).toMatchObject({ sent: 1 });
    const deliveries = deliveriesOf(order.purchaseEventId!);
    expect(deliveries.map((d) => d.counted)).toEqual([true, false]);
    expect(platform.counted().filter((d) => d.eventId === order.purchaseEventId)).toHaveLength(1);
  });

  it('gives up after its last attempt, and the merchant sees it failed with its error', async () => {
    const { call, order } = await buy(GRANTED);
    platform.failNext(MAX_ATTEMPTS, { status: 500, message: 'Internal error at the platform' });
    let at = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await sendDue(new Date(at));
      at += retryDelayMs(attempt) + 1_000;
    }
    expect((await eventLog(call, order.token)).server[0]).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      lastError: 'Internal error at the platform',
      nextAttemptAt: null,
    });
    expect(await sendDue(new Date(at + 24 * 60 * 60_000))).toMatchObject({ sent: 0 });
    expect(deliveriesOf(order.purchaseEventId!)).toEqual([]);

    const listed = await readEnvelope<ListedServerPurchaseEvent[]>(
      await shop.app.request('/api/orders/server-purchase-events?status=failed', { headers: merchantHeaders }),
    );
    expect(listed.status).toBe(200);
    expect(listed.data.find((l) => l.event.eventId === order.purchaseEventId)).toEqual({
      orderNumber: order.number,
      value: order.totals.totalPrice,
      event: expect.objectContaining({ platform: 'pixel', status: 'failed', lastError: 'Internal error at the platform' }),
    });
    expect(listed.data.every((l) => l.event.status === 'failed')).toBe(true);
  });

  it('sendFbPurchaseEvent brings an event waiting for its retry forward, for the sender (never sent in the request)', async () => {
    const { call, order } = await buy(GRANTED);
    platform.failNext(1);
    await sendDue();
    expect(await call('POST', '/orders/sendFbPurchaseEvent', { orderToken: order.token })).toMatchObject({ status: 201 });
    expect(deliveriesOf(order.purchaseEventId!)).toEqual([]);
    const log = await eventLog(call, order.token);
    expect(new Date(log.server[0]!.nextAttemptAt!).getTime()).toBeLessThanOrEqual(Date.now());
    expect(log.browser.map((b) => b.kind)).toEqual(['sendFbPurchaseEvent']);
    expect(await sendDue()).toMatchObject({ sent: 1 });
  });
});

describe('the merchant’s list', () => {
  it('needs the merchant token, lists newest first in a status, and refuses unknown filters', async () => {
    const { order } = await buy(GRANTED);
    expect((await shop.app.request('/api/orders/server-purchase-events')).status).toBe(401);
    const pending = await readEnvelope<ListedServerPurchaseEvent[]>(
      await shop.app.request('/api/orders/server-purchase-events?status=pending&limit=1', { headers: merchantHeaders }),
    );
    expect(pending.data).toEqual([
      { orderNumber: order.number, value: order.totals.totalPrice, event: expect.objectContaining({ status: 'pending' }) },
    ]);
    const refused = await shop.app.request('/api/orders/server-purchase-events?status=lost', { headers: merchantHeaders });
    expect(refused.status).toBe(400);
  });
});
