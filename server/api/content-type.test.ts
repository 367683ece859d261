// The API reads JSON and nothing else (issue 22, defect 6): a body of another type is refused with 415 on
// every call that takes a body, before anything acts on it, and a payment's signature covers the very
// value the call parses and acts on. (Before: create-order read a text/plain body as JSON while its
// signature check took it for `{}`, so a request signed over nothing was paid with any fields.)
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentOutcome } from '../../schemas/generated/api';
import { queryRows } from '../db/connect';
import { cardToken, idempotencyKey, readyCheckout, shopperOf } from '../../test-support/server/buyer';
import { signatureQuery } from '../../test-support/server/sign';
import { bankEvent, TEST_BANK_SECRET } from '../../test-support/server/bank';
import { SIGNATURE_HEADER, signBankWebhook } from '../payments/simulated/bank/signature';
import { firstSku } from '../../test-support/server/skus';
import {
  createTestShop,
  MERCHANT_TOKEN,
  PUBLIC_URL,
  readEnvelope,
  visitors,
  type TestShop,
} from '../../test-support/server/test-app';

const newVisitor = visitors();

describe('request bodies other than JSON', () => {
  let shop: TestShop;
  let skuId: number;
  beforeAll(async () => {
    shop = await createTestShop('pglite', { testPayments: { bankWebhookAfterMs: 0, bankWebhookSecret: TEST_BANK_SECRET } });
    skuId = (await firstSku(shop, 'linen-shirt')).id;
  });
  afterAll(() => shop?.close());

  /** A checkout ready to pay and the body that pays it. */
  async function readyBody(visitor: string) {
    const call = shopperOf(shop, visitor);
    const checkoutToken = await readyCheckout(call, [{ skuId, quantity: 1 }]);
    return { checkoutToken, paymentMethodCode: 'card', paymentToken: await cardToken(call), idempotencyKey: idempotencyKey() };
  }

  const ordersOf = async (checkoutToken: string) =>
    (
      await queryRows<{ n: number }>(
        shop.database.db,
        sql`select count(*)::int as n from orders o join checkouts c on c.id = o.checkout_id where c.token = ${checkoutToken}`,
      )
    )[0]!.n;

  const createOrder = (visitor: string, signedOver: unknown, body: string, contentType: string | null) =>
    shop.app.request(`/api/payment/create-order?${signatureQuery({ origin: PUBLIC_URL, visitor, body: signedOver })}`, {
      method: 'POST',
      headers: { customerUUID: visitor, ...(contentType ? { 'Content-Type': contentType } : {}) },
      // Bytes, so that no Content-Type is made up for a body sent without one.
      body: new TextEncoder().encode(body),
    });

  it('create-order signed over {} with its real fields sent as text/plain: 415, and no order is placed', async () => {
    const visitor = newVisitor();
    const body = await readyBody(visitor);
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'application/xml', null]) {
      const answer = await readEnvelope(await createOrder(visitor, {}, JSON.stringify(body), type));
      expect(answer, String(type)).toMatchObject({ status: 415, code: 415, data: null });
      expect(answer.message).toMatch(/must be JSON/);
    }
    expect(await ordersOf(body.checkoutToken)).toBe(0);
  });

  it('the signature covers the body the call parses: signed over {}, the same fields as JSON are refused (8012)', async () => {
    const visitor = newVisitor();
    const body = await readyBody(visitor);
    const answer = await readEnvelope(await createOrder(visitor, {}, JSON.stringify(body), 'application/json'));
    expect(answer).toMatchObject({ status: 400, code: 8012, data: { errors: [{ path: '/s', rule: 'signature' }] } });
    expect(await ordersOf(body.checkoutToken)).toBe(0);
  });

  it('a field given twice is signed and acted on as the one value JSON parsing keeps (the last)', async () => {
    const visitor = newVisitor();
    const body = await readyBody(visitor);
    const other = await readyBody(visitor);
    // Signed over the first checkout, but the parsed body names the other one: refused.
    const twice = `{"checkoutToken":${JSON.stringify(body.checkoutToken)},${JSON.stringify(other).slice(1)}`;
    const refused = await readEnvelope(await createOrder(visitor, body, twice, 'application/json'));
    expect(refused).toMatchObject({ status: 400, code: 8012 });
    expect((await ordersOf(body.checkoutToken)) + (await ordersOf(other.checkoutToken))).toBe(0);
  });

  it('JSON with a UTF-8 charset, or of a +json type, is read as JSON and paid', async () => {
    for (const type of ['application/json; charset=utf-8', 'Application/JSON;Charset="UTF-8"', 'application/merchant+json']) {
      const visitor = newVisitor();
      const body = await readyBody(visitor);
      const answer = await readEnvelope<PaymentOutcome>(await createOrder(visitor, body, JSON.stringify(body), type));
      expect(answer, type).toMatchObject({ status: 200, data: { status: 'paid' } });
    }
    // JSON has one encoding: a body declared in another is not read as if it were UTF-8.
    const visitor = newVisitor();
    const body = await readyBody(visitor);
    expect((await createOrder(visitor, body, JSON.stringify(body), 'application/json; charset=iso-8859-1')).status).toBe(415);
  });

  it('every call of the app that takes a body refuses text/plain, and a body without a type, with 415', async () => {
    const routes = shop.app.routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE', 'ALL'].includes(r.method));
    const calls = [
      ...new Set(
        routes
          // A provider's webhook and browsers' CSP reports are read by their routes whatever their type.
          .filter((r) => r.path.startsWith('/api/') && !r.path.endsWith('/*'))
          .filter((r) => !/\/(?:webhook|csp-report)$/.test(r.path))
          .map((r) => `${r.method === 'ALL' ? 'POST' : r.method} ${r.path.replace(/:\w+/g, 'x')}`),
      ),
      'POST /api/no-such-call',
    ];
    // The shop's own calls and a provider's: the cart, checkout, payment and merchant calls among them.
    expect(calls.length).toBeGreaterThan(35);
    for (const name of [
      'POST /api/payment/create-order',
      'PUT /api/pages/x',
      'PATCH /api/site',
      'POST /api/multicurrency/upsell',
    ])
      expect(calls).toContain(name);
    const wrong: string[] = [];
    for (const call of calls) {
      const [method, path] = call.split(' ') as [string, string];
      for (const type of ['text/plain', null]) {
        const response = await shop.app.request(path, {
          method,
          headers: {
            customerUUID: newVisitor(),
            Authorization: `Bearer ${MERCHANT_TOKEN}`,
            ...(type ? { 'Content-Type': type } : {}),
          },
          body: new TextEncoder().encode('{"skuId":1,"quantity":1}'),
        });
        const envelope = (await response.json()) as { code: number };
        if (response.status !== 415 || envelope.code !== 415) wrong.push(`${call} (${type}): ${response.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("a JSON call refuses a form with 415; a provider's page and an offer's answer take one", async () => {
    const form = (path: string) =>
      shop.app.request(path, {
        method: 'POST',
        headers: { customerUUID: newVisitor(), 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'skuId=1&quantity=1',
      });
    for (const path of ['/api/shopping-carts', '/api/payment-providers/test-card/tokens', '/api/paymentStrategy/failureLog'])
      expect((await form(path)).status, path).toBe(415);
    // Read as forms (and refused for what they say, not for their type).
    expect((await form('/api/payment-providers/test-bank/pay/tb_unknown')).status).toBe(404);
    expect((await form('/api/multicurrency/upsell')).status).toBe(400);
  });

  it('a call without a body is answered as before, with or without a Content-Type', async () => {
    const visitor = newVisitor();
    const bare = await shop.app.request('/api/checkout/recovering/no-such-key', {
      method: 'POST',
      headers: { customerUUID: visitor },
    });
    expect(bare.status).not.toBe(415);
    const typed = await shop.app.request('/api/checkout/recovering/no-such-key', {
      method: 'POST',
      headers: { customerUUID: visitor, 'Content-Type': 'text/plain' },
    });
    expect(typed.status).toBe(bare.status);
    // What the browser's client sends: JSON, even when there is nothing to say.
    const started = await shopperOf(shop, visitor)('POST', '/multicurrency/general/checkout', {});
    expect(started.status).not.toBe(415);
  });

  it("a provider's webhook is read as its provider sends it, and verified over those very bytes", async () => {
    const body = bankEvent('tb_000000000000000000000000', 'payment.succeeded');
    const webhook = (type: string | null, headers: Record<string, string>) =>
      shop.app.request('/api/payment-providers/test-bank/webhook', {
        method: 'POST',
        headers: { ...(type ? { 'Content-Type': type } : {}), ...headers },
        body: new TextEncoder().encode(body),
      });
    // The bank sends application/json; another provider may send JSON under another type (a charset, text/plain).
    for (const type of ['application/json', 'application/json; charset=utf-8', 'text/plain', null])
      expect((await webhook(type, signedBankHeaders(body))).status, String(type)).toBe(200);
    // Whatever the type, what is not signed by the bank is refused.
    for (const type of ['application/json', 'text/plain'])
      expect((await webhook(type, signedBankHeaders(body.replace('tb_0', 'tb_1')))).status, type).toBe(400);
  });

  it('a body over the limit sent to a page’s address is the client’s 413, never the 500 page', async () => {
    const faults = shop.faults.length;
    const response = await shop.app.request('/products/linen-shirt', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'Content-Length': String(100 * 1024) },
      body: 'x'.repeat(100 * 1024),
    });
    expect(response.status).toBe(413);
    expect(shop.faults.slice(faults)).toEqual([]);
  });
});

const signedBankHeaders = (body: string) => ({ [SIGNATURE_HEADER]: signBankWebhook(TEST_BANK_SECRET, body) });
