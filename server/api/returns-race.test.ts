// Claims and returns raced on PostgreSQL, with real parallel connections and a second server process: an
// order joins one account once however many claims run at once; two requests at once never ask back more
// than was sent; two merchants refunding the same return at once give the money back once, mail once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerOrder, ReturnRequest } from '../../schemas/generated/api';
import { newCustomer, type TestCustomer } from '../../test-support/server/customers';
import { buyAs, gatewayRefunded, linkOrder, moveReturn, ship } from '../../test-support/server/customer-orders';
import { firstSku, setStock } from '../../test-support/server/skus';
import { createTestShop, merchantHeaders, readEnvelope, type TestShop } from '../../test-support/server/test-app';
import { queryRows } from '../db/connect';
import type { Mail } from '../mail/mailer';

let shop: TestShop;
let other: ReturnType<TestShop['anotherProcess']>;
const sent: Mail[] = [];
let sku: number;

beforeAll(async () => {
  shop = await createTestShop('postgres', {}, { mailer: { send: async (mail) => void sent.push(mail) } });
  other = shop.anotherProcess();
  sku = (await firstSku(shop, 'linen-shirt')).id;
  await setStock(shop, sku, 100_000);
}, 120_000);
afterAll(() => shop?.close());

/** A call as the customer, through this process or the other one. */
const call = async <T = unknown>(who: TestCustomer, method: string, path: string, body?: unknown, app = shop.app) =>
  readEnvelope<T>(
    await app.request(`/api${path}`, {
      method,
      headers: who.browser,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );

describe('on PostgreSQL, at once', () => {
  it('links each guest order once, to one account, however many claims run together', async () => {
    const email = `racer-${Date.now()}@example.com`;
    const bought = [];
    for (let i = 0; i < 6; i++) bought.push(await buyAs(shop, email, [{ skuId: sku, quantity: 1 }]));
    const owner = await newCustomer(shop, { email });
    // Another account proves the same address with a code, while its owner claims from two tabs.
    const rival = await newCustomer(shop, { email: `rival-${Date.now()}@example.com` });
    await call(rival, 'POST', '/customer/orders/claim/code', { email });
    await shop.app.mailSettled();
    const code = /\b(\d{6})\b/.exec(sent.filter((m) => m.to === email).at(-1)!.text)![1]!;
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) =>
        call<{ claimed: number }>(owner, 'POST', '/customer/orders/claim', {}, i % 2 ? other : shop.app),
      ),
      call<{ claimed: number }>(rival, 'POST', '/customer/orders/claim', { email, code }, other),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.reduce((sum, a) => sum + a.data.claimed, 0)).toBe(bought.length);
    const links = await queryRows<{ order_id: number; n: number }>(
      shop.database.db,
      sql`select order_id, count(*)::int as n from customer_orders where order_id in ${sql.raw(`(${bought.map((b) => b.orderId).join(',')})`)} group by order_id`,
    );
    expect(links).toHaveLength(bought.length);
    expect(links.every((l) => Number(l.n) === 1)).toBe(true);
  });

  it('never asks back more than was sent when two requests come at once', async () => {
    const customer = await newCustomer(shop, { email: `twice-${Date.now()}@example.com` });
    const order = await buyAs(shop, customer.email, [{ skuId: sku, quantity: 3 }]);
    await linkOrder(shop, order.orderId, customer.id);
    await ship(shop, order.number);
    const lineId = (await call<CustomerOrder>(customer, 'GET', `/customer/orders/${order.orderId}`)).data.lines[0]!.lineId;
    const body = { lines: [{ lineId, quantity: 2 }], reason: 'tooLarge' };
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        call<ReturnRequest>(customer, 'POST', `/customer/orders/${order.orderId}/returns`, body, i % 2 ? other : shop.app),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.code === 6011)).toBe(true);
    expect((await call<CustomerOrder>(customer, 'GET', `/customer/orders/${order.orderId}`)).data.lines[0]).toMatchObject({
      returned: 2,
      returnable: 1,
    });
  });

  it('refunds once when two merchants move the same return to refunded at once', async () => {
    const customer = await newCustomer(shop, { email: `refund-race-${Date.now()}@example.com` });
    const order = await buyAs(shop, customer.email, [{ skuId: sku, quantity: 2 }]);
    await linkOrder(shop, order.orderId, customer.id);
    await ship(shop, order.number);
    const lineId = (await call<CustomerOrder>(customer, 'GET', `/customer/orders/${order.orderId}`)).data.lines[0]!.lineId;
    const id = (
      await call<ReturnRequest>(customer, 'POST', `/customer/orders/${order.orderId}/returns`, {
        lines: [{ lineId, quantity: 2 }],
        reason: 'damaged',
      })
    ).data.id;
    // Approving at once: one moves it, the others find it moved.
    const approvals = await Promise.all(
      [shop.app, other, shop.app, other].map(async (app) =>
        readEnvelope(
          await app.request(`/api/returns/${id}`, {
            method: 'PUT',
            headers: merchantHeaders,
            body: JSON.stringify({ status: 'approved' }),
          }),
        ),
      ),
    );
    expect(approvals.every((a) => a.status === 200)).toBe(true);
    await moveReturn(shop, id, { status: 'received' });
    const refunds = await Promise.all(
      [shop.app, other, shop.app, other, shop.app].map(async (app) =>
        readEnvelope<{ return: { status: string; refund: { amount: number } } }>(
          await app.request(`/api/returns/${id}`, {
            method: 'PUT',
            headers: merchantHeaders,
            body: JSON.stringify({ status: 'refunded', refundShipping: true }),
          }),
        ),
      ),
    );
    expect(refunds.every((r) => r.status === 200 && r.data.return.status === 'refunded')).toBe(true);
    const amounts = new Set(refunds.map((r) => r.data.return.refund.amount));
    expect(amounts.size).toBe(1);
    const view = (await call<CustomerOrder>(customer, 'GET', `/customer/orders/${order.orderId}`)).data;
    const gateway = await gatewayRefunded(shop, order.orderId);
    expect(gateway.refunded).toBe([...amounts][0]);
    expect(view.refunded.amount).toBe(gateway.refunded);
    await shop.app.mailSettled();
    await other.mailSettled();
    // One mail per move, from whichever process made it: approved, received, refunded.
    const returnMails = sent.filter((m) => m.to === customer.email && m.text.includes('/account/orderDetails'));
    expect(returnMails).toHaveLength(3);
  });
});
