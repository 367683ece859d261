// The guards of every payment request (issue 9): the spec's signature (schemas/payment-signature.ts) is
// recomputed by the server, which refuses a tampered field, a stale timestamp and a replayed random value
// (remembered in the database, so two server processes on one database refuse it too); idempotency keys
// like Stripe's: the same key with the same request returns the first answer and charges once, even 50
// at once; the same key with another request is refused with 409.
import { firstSku } from '../../test-support/server/skus';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentOutcome } from '../../schemas/generated/api';
import { queryRows } from '../db/connect';
import { cardToken, idempotencyKey, readyCheckout, shopperOf } from '../../test-support/server/buyer';
import { signatureQuery } from '../../test-support/server/sign';
import type { createApp } from '../app';
import {
  createTestShop,
  PUBLIC_URL,
  readEnvelope,
  visitors,
  type Driver,
  type TestShop,
} from '../../test-support/server/test-app';

const newVisitor = visitors();

/** POST create-order with a signature made by `sign` (defaults: a good one). */
async function post(
  app: { request: ReturnType<typeof createApp>['request'] },
  visitor: string,
  body: Record<string, unknown>,
  query = signatureQuery({ origin: PUBLIC_URL, visitor, body }),
) {
  return readEnvelope<PaymentOutcome>(
    await app.request(`/api/payment/create-order?${query}`, {
      method: 'POST',
      headers: { customerUUID: visitor, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

describe('the payment signature', () => {
  let shop: TestShop;
  let skuId: number;
  beforeAll(async () => {
    shop = await createTestShop('pglite');
    skuId = (await firstSku(shop, 'linen-shirt')).id;
  });
  afterAll(() => shop?.close());

  async function readyBody(visitor: string) {
    const call = shopperOf(shop, visitor);
    const checkoutToken = await readyCheckout(call, [{ skuId, quantity: 1 }]);
    return { checkoutToken, paymentMethodCode: 'card', paymentToken: await cardToken(call), idempotencyKey: idempotencyKey() };
  }

  it('is accepted when it matches what was sent', async () => {
    const visitor = newVisitor();
    expect(await post(shop.app, visitor, await readyBody(visitor))).toMatchObject({ status: 200, data: { status: 'paid' } });
  });

  it('refuses a request whose signed field was changed after signing, and charges nothing', async () => {
    const visitor = newVisitor();
    const body = await readyBody(visitor);
    const query = signatureQuery({ origin: PUBLIC_URL, visitor, body });
    const other = await readyBody(visitor);
    const answer = await post(shop.app, visitor, { ...body, checkoutToken: other.checkoutToken }, query);
    expect(answer).toMatchObject({ status: 400, code: 8012, data: { errors: [{ path: '/s', rule: 'signature' }] } });
    const [n] = await queryRows<{ n: number }>(
      shop.database.db,
      sql`select count(*)::int as n from payments where idempotency_key = ${body.idempotencyKey}`,
    );
    expect(n!.n).toBe(0);
  });

  it('refuses a request signed for another origin or another visitor', async () => {
    const visitor = newVisitor();
    const body = await readyBody(visitor);
    const elsewhere = signatureQuery({ origin: 'https://evil.example', visitor, body });
    expect(await post(shop.app, visitor, body, elsewhere)).toMatchObject({ status: 400, code: 8012 });
    const someoneElse = signatureQuery({ origin: PUBLIC_URL, visitor: newVisitor(), body });
    expect(await post(shop.app, visitor, body, someoneElse)).toMatchObject({
      code: 8012,
      data: { errors: [{ path: '/uuid', rule: 'visitor' }] },
    });
  });

  it('refuses a timestamp more than five minutes old (or ahead)', async () => {
    const visitor = newVisitor();
    const body = await readyBody(visitor);
    for (const t of [Date.now() - 5 * 60_000 - 1_000, Date.now() + 5 * 60_000 + 1_000]) {
      const stale = signatureQuery({ origin: PUBLIC_URL, visitor, body, t });
      expect(await post(shop.app, visitor, body, stale)).toMatchObject({
        status: 400,
        code: 8012,
        data: { errors: [{ path: '/t', rule: 'stale' }] },
      });
    }
    // Four minutes old is still fine.
    const recent = signatureQuery({ origin: PUBLIC_URL, visitor, body, t: Date.now() - 4 * 60_000 });
    expect(await post(shop.app, visitor, body, recent)).toMatchObject({ status: 200 });
  });

  it('refuses a replayed random value, even by another server process on the same database', async () => {
    const visitor = newVisitor();
    const body = await readyBody(visitor);
    const query = signatureQuery({ origin: PUBLIC_URL, visitor, body });
    expect(await post(shop.app, visitor, body, query)).toMatchObject({ status: 200 });
    expect(await post(shop.app, visitor, body, query)).toMatchObject({
      status: 400,
      code: 8012,
      data: { errors: [{ path: '/_atr', rule: 'replayed' }] },
    });
    // A second app on the same database stands for a second process.
    const second = shop.anotherProcess();
    expect(await post(second, visitor, body, query)).toMatchObject({ code: 8012, data: { errors: [{ rule: 'replayed' }] } });
  });

  it('is required: an unsigned payment request is refused naming what is missing', async () => {
    const visitor = newVisitor();
    expect(await post(shop.app, visitor, await readyBody(visitor), '')).toMatchObject({
      status: 400,
      code: 8012,
      data: { errors: [{ path: '/s', rule: 'missing' }] },
    });
  });
});

describe.each(['postgres', 'pglite'] as const)('idempotency keys on %s', (driver: Driver) => {
  let shop: TestShop;
  let skuId: number;
  beforeAll(async () => {
    shop = await createTestShop(driver);
    skuId = (await firstSku(shop, 'wool-beanie')).id;
  }, 120_000);
  afterAll(() => shop?.close());

  it('the same key sent 50 times at once charges once, and every answer is the first one, byte for byte', async () => {
    const visitor = newVisitor();
    const call = shopperOf(shop, visitor);
    const checkoutToken = await readyCheckout(call, [{ skuId, quantity: 1 }]);
    const body = {
      checkoutToken,
      paymentMethodCode: 'card',
      paymentToken: await cardToken(call),
      idempotencyKey: idempotencyKey(),
    };
    const responses = await Promise.all(
      Array.from({ length: 50 }, async () =>
        shop.app.request(`/api/payment/create-order?${signatureQuery({ origin: PUBLIC_URL, visitor, body })}`, {
          method: 'POST',
          headers: { customerUUID: visitor, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ),
    );
    const texts = await Promise.all(responses.map((r) => r.text()));
    expect(new Set(responses.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(texts).size).toBe(1);
    expect(JSON.parse(texts[0]!)).toMatchObject({ data: { status: 'paid' } });
    expect(responses.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(49);
    const [row] = await queryRows<{ payments: number; orders: number }>(
      shop.database.db,
      sql`select (select count(*) from payments where idempotency_key = ${body.idempotencyKey})::int as payments,
                 (select count(*) from orders o join checkouts c on c.id = o.checkout_id where c.token = ${checkoutToken})::int as orders`,
    );
    expect(row).toEqual({ payments: 1, orders: 1 });
    // Later, the same request again: the same answer, still one charge.
    const again = await call<PaymentOutcome>('POST', '/payment/create-order', body);
    expect(again.data).toEqual(JSON.parse(texts[0]!).data);
  }, 60_000);

  it('the same key with another request is refused with 409 and changes nothing', async () => {
    const visitor = newVisitor();
    const call = shopperOf(shop, visitor);
    const checkoutToken = await readyCheckout(call, [{ skuId, quantity: 1 }]);
    const key = idempotencyKey();
    const first = await call<PaymentOutcome>('POST', '/payment/create-order', {
      checkoutToken,
      paymentMethodCode: 'card',
      paymentToken: await cardToken(call, '4000 0000 0000 0002'),
      idempotencyKey: key,
    });
    expect(first).toMatchObject({ status: 402, code: 80001 });
    const other = await call('POST', '/payment/create-order', {
      checkoutToken,
      paymentMethodCode: 'card',
      paymentToken: await cardToken(call),
      idempotencyKey: key,
    });
    expect(other).toMatchObject({
      status: 409,
      code: 409,
      data: { errors: [{ path: '/idempotencyKey', rule: 'idempotencyKeyReused' }] },
    });
    const [row] = await queryRows<{ status: string }>(
      shop.database.db,
      sql`select o.status from orders o join checkouts c on c.id = o.checkout_id where c.token = ${checkoutToken}`,
    );
    expect(row!.status).toBe('pending');
  });

  it('a key older than a day names nothing any more', async () => {
    const visitor = newVisitor();
    const call = shopperOf(shop, visitor);
    const checkoutToken = await readyCheckout(call, [{ skuId, quantity: 1 }]);
    const key = idempotencyKey();
    await shop.database.db.execute(
      sql`insert into idempotency_keys (key, request_hash, status, body, created_at) values (${key}, 'old', 200, '{}', now() - interval '25 hours')`,
    );
    const paid = await call<PaymentOutcome>('POST', '/payment/create-order', {
      checkoutToken,
      paymentMethodCode: 'card',
      paymentToken: await cardToken(call),
      idempotencyKey: key,
    });
    expect(paid).toMatchObject({ status: 200, data: { status: 'paid' } });
    expect(
      await shop.app.commerce.paymentRequests.idempotencyKeys.forgetOld(new Date(Date.now() + 25 * 3_600_000)),
    ).toBeGreaterThan(0);
  });
});
