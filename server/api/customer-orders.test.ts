// The customer's orders, claiming guest orders and returns with refunds, as a customer and the merchant
// meet them: every call answers only for the customer's own orders, a guest order joins an account only
// after its address is proven, quantities stay within what was sent and not yet asked back, and the refund
// the provider makes is the one the customer's order view shows.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerOrder, CustomerOrderPage, ReturnRequest } from '../../schemas/generated/api';
import { newCustomer, type TestCustomer } from '../../test-support/server/customers';
import { buyAs, gatewayRefunded, linkOrder, moveReturn, ship, type BoughtOrder } from '../../test-support/server/customer-orders';
import { firstSku, setStock } from '../../test-support/server/skus';
import { createTestShop, merchantHeaders, readEnvelope, type TestShop } from '../../test-support/server/test-app';
import type { Mail } from '../mail/mailer';

let shop: TestShop;
const sent: Mail[] = [];
let shirt: number;
let beanie: number;
let made = 0;

beforeAll(async () => {
  shop = await createTestShop('pglite', {}, { mailer: { send: async (mail) => void sent.push(mail) } });
  shirt = (await firstSku(shop, 'linen-shirt')).id;
  beanie = (await firstSku(shop, 'wool-beanie')).id;
  await setStock(shop, shirt, 100_000);
  await setStock(shop, beanie, 100_000);
}, 60_000);
afterAll(() => shop.close());

const unique = (name: string) => `${name}${++made}@example.com`;
const call = async <T = unknown>(who: TestCustomer | null, method: string, path: string, body?: unknown) =>
  readEnvelope<T>(
    await shop.app.request(`/api${path}`, {
      method,
      headers: who ? who.browser : { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
const detail = async (who: TestCustomer, orderId: number) =>
  (await call<CustomerOrder>(who, 'GET', `/customer/orders/${orderId}`)).data;
const mailsTo = async (email: string) => {
  await shop.app.mailSettled();
  return sent.filter((m) => m.to === email);
};

/** A customer with one delivered order of two shirts and a beanie, linked to the account. */
async function customerWithOrder(options: { locale?: string } = {}): Promise<{ customer: TestCustomer; order: BoughtOrder }> {
  const customer = await newCustomer(shop, { email: unique('buyer'), ...options });
  const order = await buyAs(shop, customer.email, [
    { skuId: shirt, quantity: 2 },
    { skuId: beanie, quantity: 1 },
  ]);
  await linkOrder(shop, order.orderId, customer.id);
  expect((await ship(shop, order.number)).data.fulfillmentStatus).toBe('delivered');
  return { customer, order };
}

describe("the customer's orders", () => {
  it('lists them newest first, paged, with number, date, statuses, total and item count', async () => {
    const customer = await newCustomer(shop, { email: unique('lister') });
    const first = await buyAs(shop, customer.email, [{ skuId: beanie, quantity: 1 }]);
    const second = await buyAs(shop, customer.email, [{ skuId: shirt, quantity: 3 }]);
    await linkOrder(shop, first.orderId, customer.id);
    await linkOrder(shop, second.orderId, customer.id);
    const page = await call<CustomerOrderPage>(customer, 'GET', '/customer/orders?pageSize=1');
    expect(page.data).toMatchObject({ page: 1, pageSize: 1, total: 2 });
    expect(page.data.orders).toEqual([
      expect.objectContaining({
        orderId: second.orderId,
        number: second.number,
        token: second.token,
        status: 'paid',
        fulfillmentStatus: 'unfulfilled',
        itemCount: 3,
        total: { amount: expect.any(Number), currencyCode: 'USD' },
      }),
    ]);
    const next = await call<CustomerOrderPage>(customer, 'GET', '/customer/orders?pageSize=1&page=2');
    expect(next.data.orders.map((o) => o.orderId)).toEqual([first.orderId]);
    // The one order, as its thank-you page shows it.
    const one = await detail(customer, second.orderId);
    const thankYou = await readEnvelope(await shop.app.request(`/api/multicurrency/general/order/${second.token}`));
    expect(one.order).toEqual(thankYou.data);
    expect(one.lines).toEqual([{ lineId: expect.any(Number), quantity: 3, returned: 0, returnable: 0 }]);
    expect(one).toMatchObject({ returnable: false, returns: [], refunded: { amount: 0, currencyCode: 'USD' } });
  });

  it("answers another customer's order ids with 404 on every call, exactly as an id that names nothing", async () => {
    const { customer: owner, order } = await customerWithOrder();
    const stranger = await newCustomer(shop, { email: unique('stranger') });
    const line = (await detail(owner, order.orderId)).lines[0]!.lineId;
    const calls: [string, string, unknown?][] = [
      ['GET', `/customer/orders/${order.orderId}`],
      ['GET', `/customer/orders/${order.orderId}/returns`],
      ['POST', `/customer/orders/${order.orderId}/returns`, { lines: [{ lineId: line, quantity: 1 }], reason: 'damaged' }],
    ];
    for (const [method, path, body] of calls) {
      const theirs = await call(stranger, method, path, body);
      const missing = await call(stranger, method, path.replace(String(order.orderId), '2147483647'), body);
      expect({ status: theirs.status, code: theirs.code, message: theirs.message }, `${method} ${path}`).toEqual({
        status: missing.status,
        code: missing.code,
        message: missing.message,
      });
      expect(theirs.status).toBe(404);
    }
    expect((await call<CustomerOrderPage>(stranger, 'GET', '/customer/orders')).data.total).toBe(0);
    // An id that is not a whole number names nothing either.
    for (const id of ['abc', '0', '1e3', '-1', '99999999999']) {
      expect((await call(owner, 'GET', `/customer/orders/${id}`)).status, id).toBe(404);
    }
    // Nothing was asked back for the owner.
    expect((await detail(owner, order.orderId)).returns).toEqual([]);
  });

  it('needs a session, and the merchant calls need the merchant', async () => {
    expect((await call(null, 'GET', '/customer/orders')).status).toBe(401);
    expect((await call(null, 'GET', '/customer/orders/claimable')).status).toBe(401);
    const customer = await newCustomer(shop, { email: unique('nosy') });
    expect((await call(customer, 'GET', '/returns')).status).toBe(401);
    expect((await call(customer, 'PUT', '/returns/1', { status: 'approved' })).status).toBe(401);
    expect((await call(customer, 'PUT', '/orders/VG-10001/fulfillment', { status: 'shipped' })).status).toBe(401);
  });
});

describe('claiming guest orders', () => {
  it('claims the guest orders of the account’s own address once, whatever its case', async () => {
    const email = unique('Claimer');
    const guest = await buyAs(shop, email.toUpperCase(), [{ skuId: beanie, quantity: 1 }]);
    const other = await buyAs(shop, unique('someone-else'), [{ skuId: beanie, quantity: 1 }]);
    const customer = await newCustomer(shop, { email });
    expect((await call(customer, 'GET', '/customer/orders/claimable')).data).toEqual({ count: 1 });
    expect((await call(customer, 'POST', '/customer/orders/claim', {})).data).toEqual({ claimed: 1 });
    expect((await call(customer, 'POST', '/customer/orders/claim', {})).data).toEqual({ claimed: 0 });
    expect((await call(customer, 'GET', '/customer/orders/claimable')).data).toEqual({ count: 0 });
    const list = await call<CustomerOrderPage>(customer, 'GET', '/customer/orders');
    expect(list.data.orders.map((o) => o.orderId)).toEqual([guest.orderId]);
    expect((await call(customer, 'GET', `/customer/orders/${other.orderId}`)).status).toBe(404);
  });

  it('never shows or links anything to an account registered with someone else’s address (pending)', async () => {
    const email = unique('victim');
    const victims = await buyAs(shop, email, [{ skuId: beanie, quantity: 1 }]);
    const intruder = await newCustomer(shop, { email, state: 'pending' });
    expect((await call(intruder, 'GET', '/customer/orders/claimable')).data).toEqual({ count: 0 });
    expect((await call(intruder, 'POST', '/customer/orders/claim', {})).data).toEqual({ claimed: 0 });
    expect((await call(intruder, 'GET', `/customer/orders/${victims.orderId}`)).status).toBe(404);
    expect((await call<CustomerOrderPage>(intruder, 'GET', '/customer/orders')).data.total).toBe(0);
  });

  it('claims another address’s guest orders with the code mailed to it, answering alike for any address', async () => {
    const customer = await newCustomer(shop, { email: unique('main'), locale: 'de', firstName: 'Greta' });
    const work = unique('work');
    const placed = await buyAs(shop, work, [{ skuId: beanie, quantity: 1 }]);
    const empty = unique('nothing');
    const withOrders = await call(customer, 'POST', '/customer/orders/claim/code', { email: work });
    const withNone = await call(customer, 'POST', '/customer/orders/claim/code', { email: empty });
    expect({ ...withOrders, data: null }).toEqual({ ...withNone, data: null });
    const [mail] = await mailsTo(work);
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    expect(mail!.text).toContain('Greta');

    const wrong = await call(customer, 'POST', '/customer/orders/claim', {
      email: work,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.code).toBe(6003);
    // A code proves the address to the account it was sent for only.
    const other = await newCustomer(shop, { email: unique('other') });
    expect((await call(other, 'POST', '/customer/orders/claim', { email: work, code })).code).toBe(6003);
    // That try used the code up: a new one is asked for.
    await call(customer, 'POST', '/customer/orders/claim/code', { email: work });
    const fresh = /\b(\d{6})\b/.exec((await mailsTo(work)).at(-1)!.text)![1]!;
    expect((await call(customer, 'POST', '/customer/orders/claim', { email: work, code: fresh })).data).toEqual({ claimed: 1 });
    expect((await detail(customer, placed.orderId)).order.number).toBe(placed.number);
    // Once only.
    expect((await call(customer, 'POST', '/customer/orders/claim', { email: work, code: fresh })).code).toBe(6003);
    // An email alone, or a code alone, is refused.
    expect((await call(customer, 'POST', '/customer/orders/claim', { email: work })).status).toBe(400);
  });
});

describe('returns', () => {
  it('refuses an order not sent yet, quantities beyond what may be returned, and lines of another order', async () => {
    const customer = await newCustomer(shop, { email: unique('early') });
    const order = await buyAs(shop, customer.email, [{ skuId: shirt, quantity: 2 }]);
    await linkOrder(shop, order.orderId, customer.id);
    const lineId = (await detail(customer, order.orderId)).lines[0]!.lineId;
    const path = `/customer/orders/${order.orderId}/returns`;
    expect((await call(customer, 'POST', path, { lines: [{ lineId, quantity: 1 }], reason: 'tooSmall' })).code).toBe(6010);
    await ship(shop, order.number, 'fulfilled');

    const tooMany = await call<{ errors: { path: string }[] }>(customer, 'POST', path, {
      lines: [{ lineId, quantity: 3 }],
      reason: 'tooSmall',
    });
    expect(tooMany).toMatchObject({ status: 409, code: 6011, data: { errors: [{ path: '/lines/0/quantity' }] } });
    // The same line twice counts both.
    const twice = await call(customer, 'POST', path, {
      lines: [
        { lineId, quantity: 1 },
        { lineId, quantity: 2 },
      ],
      reason: 'tooSmall',
    });
    expect(twice.code).toBe(6011);
    const { customer: someone, order: another } = await customerWithOrder();
    const foreignLine = (await detail(someone, another.orderId)).lines[0]!.lineId;
    const notALine = await call(customer, 'POST', path, { lines: [{ lineId: foreignLine, quantity: 1 }], reason: 'other' });
    expect(notALine).toMatchObject({ status: 400, data: { errors: [{ path: '/lines/0/lineId' }] } });

    const asked = await call<ReturnRequest>(customer, 'POST', path, {
      lines: [{ lineId, quantity: 1 }],
      reason: 'tooSmall',
      comment: '  Runs small  ',
    });
    expect(asked.status).toBe(201);
    expect(asked.data).toMatchObject({ status: 'requested', reason: 'tooSmall', comment: 'Runs small', refund: null });
    expect((await detail(customer, order.orderId)).lines[0]).toMatchObject({ quantity: 2, returned: 1, returnable: 1 });
    // One more is all that is left.
    expect((await call(customer, 'POST', path, { lines: [{ lineId, quantity: 2 }], reason: 'other' })).code).toBe(6011);
    // A rejected return gives its items back to what may be returned.
    expect((await moveReturn(shop, asked.data.id, { status: 'rejected', note: 'Worn' })).status).toBe(200);
    expect((await detail(customer, order.orderId)).lines[0]).toMatchObject({ returned: 0, returnable: 2 });
    expect((await call(customer, 'POST', path, { lines: [{ lineId, quantity: 2 }], reason: 'other' })).status).toBe(201);
  });

  it('moves only along its way, refunds the returned lines’ share, mails the customer in their language', async () => {
    const { customer, order } = await customerWithOrder({ locale: 'de' });
    const before = await detail(customer, order.orderId);
    const [shirts] = before.lines;
    const asked = await call<ReturnRequest>(customer, 'POST', `/customer/orders/${order.orderId}/returns`, {
      lines: [{ lineId: shirts!.lineId, quantity: 1 }],
      reason: 'damaged',
    });
    const id = asked.data.id;
    expect((await moveReturn(shop, id, { status: 'received' })).code).toBe(6012);
    expect((await moveReturn(shop, id, { status: 'refunded' })).code).toBe(6012);
    expect((await moveReturn(shop, id, { status: 'approved', note: 'Send it back' })).data.return.status).toBe('approved');
    // The same move again changes nothing and mails nothing more.
    expect((await moveReturn(shop, id, { status: 'approved' })).status).toBe(200);
    expect((await moveReturn(shop, id, { status: 'rejected' })).code).toBe(6012);
    expect((await moveReturn(shop, id, { status: 'received' })).status).toBe(200);
    const refunded = await moveReturn(shop, id, { status: 'refunded' });
    // One shirt of two shirts and a beanie: half of the shirts' share of what was paid for the goods (the
    // promotions spread over the lines by their totals), to the minor unit.
    const { totals } = before.order;
    const shirtsShare =
      (totals.subtotalPrice.amount * before.order.lines[0]!.lineTotal.amount) / totals.totalLineItemsPrice.amount;
    const amount = refunded.data.return.refund!.amount;
    expect(Math.abs(amount - shirtsShare / 2)).toBeLessThanOrEqual(1);
    expect(refunded.data.return.refund!.currencyCode).toBe('USD');
    expect(refunded.data.return.shippingRefund).toBeNull();

    const after = await detail(customer, order.orderId);
    expect(after.refunded).toEqual(refunded.data.return.refund);
    expect(after.returns[0]).toMatchObject({ id, status: 'refunded', note: 'Send it back', refund: refunded.data.return.refund });
    expect(after.order.status).toBe('paid');
    expect(await gatewayRefunded(shop, order.orderId)).toEqual({
      taken: before.order.totals.totalPrice.amount,
      refunded: after.refunded.amount,
    });
    // Approved, received, refunded: one mail each (the order's confirmation came before).
    const mails = (await mailsTo(customer.email)).filter((m) => m.text.includes('/account/orderDetails'));
    expect(mails).toHaveLength(3);
    expect(mails.at(-1)!.subject).toContain(order.number);
    expect(mails.at(-1)!.text).toMatch(/erstattet/i);
    expect(mails.at(-1)!.text).toContain(`/account/orderDetails?id=${order.orderId}`);
  });

  it('refunds everything paid, shipping once, and the order becomes refunded; its totals and the view agree', async () => {
    const { customer, order } = await customerWithOrder();
    const before = await detail(customer, order.orderId);
    const path = `/customer/orders/${order.orderId}/returns`;
    const ask = async (lineIndex: number, quantity: number) =>
      (
        await call<ReturnRequest>(customer, 'POST', path, {
          lines: [{ lineId: before.lines[lineIndex]!.lineId, quantity }],
          reason: 'changedMind',
        })
      ).data.id;
    const refund = async (id: number, refundShipping: boolean) => {
      await moveReturn(shop, id, { status: 'approved' });
      await moveReturn(shop, id, { status: 'received' });
      return (await moveReturn(shop, id, { status: 'refunded', refundShipping })).data.return;
    };
    const first = await refund(await ask(0, 1), true);
    const shipping = before.order.totals.totalShippingPrice.amount;
    expect(shipping).toBeGreaterThan(0);
    expect(first.shippingRefund).toEqual({ amount: shipping, currencyCode: 'USD' });
    // Shipping is given back once per order, however the merchant asks.
    const second = await refund(await ask(0, 1), true);
    expect(second.shippingRefund).toBeNull();
    const third = await refund(await ask(1, 1), false);
    const total = [first, second, third].reduce((sum, r) => sum + r.refund!.amount, 0);
    const { totals } = before.order;
    expect(total).toBe(totals.subtotalPrice.amount + shipping);
    const after = await detail(customer, order.orderId);
    expect(after.refunded.amount).toBe(total);
    expect(after.lines.map((l) => l.returnable)).toEqual([0, 0]);
    expect(after.returnable).toBe(after.order.status === 'paid');
    // Insurance and tip are not given back by returns; without them everything paid was.
    const paid = totals.totalPrice.amount;
    expect(after.order.status).toBe(total === paid ? 'refunded' : 'paid');
    expect(await gatewayRefunded(shop, order.orderId)).toEqual({ taken: paid, refunded: total });
  });

  it('shares the discount code over the lines: every unit returned gives back exactly what was paid', async () => {
    const customer = await newCustomer(shop, { email: unique('coupon') });
    const order = await buyAs(
      shop,
      customer.email,
      [
        { skuId: shirt, quantity: 3 },
        { skuId: beanie, quantity: 1 },
      ],
      { coupon: 'SAVE5' },
    );
    await linkOrder(shop, order.orderId, customer.id);
    await ship(shop, order.number, 'shipped');
    const before = await detail(customer, order.orderId);
    expect(before.order.totals.totalCoupon.amount).toBe(500);
    const amounts: number[] = [];
    for (const [index, quantity] of [
      [0, 1],
      [1, 1],
      [0, 2],
    ] as const) {
      const id = (
        await call<ReturnRequest>(customer, 'POST', `/customer/orders/${order.orderId}/returns`, {
          lines: [{ lineId: before.lines[index]!.lineId, quantity }],
          reason: 'other',
        })
      ).data.id;
      await moveReturn(shop, id, { status: 'approved' });
      await moveReturn(shop, id, { status: 'received' });
      amounts.push((await moveReturn(shop, id, { status: 'refunded' })).data.return.refund!.amount);
    }
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(before.order.totals.subtotalPrice.amount);
    const after = await detail(customer, order.orderId);
    expect(after.refunded.amount).toBe(before.order.totals.subtotalPrice.amount);
    expect((await gatewayRefunded(shop, order.orderId)).refunded).toBe(after.refunded.amount);
  });

  it('lists returns for the merchant by status, and keeps a provider failure retryable', async () => {
    const { customer, order } = await customerWithOrder();
    const lineId = (await detail(customer, order.orderId)).lines[1]!.lineId;
    const id = (
      await call<ReturnRequest>(customer, 'POST', `/customer/orders/${order.orderId}/returns`, {
        lines: [{ lineId, quantity: 1 }],
        reason: 'wrongItem',
      })
    ).data.id;
    const listed = await readEnvelope<{ return: { id: number } }[]>(
      await shop.app.request('/api/returns?status=requested&pageSize=50', { headers: merchantHeaders }),
    );
    expect(listed.data.map((r) => r.return.id)).toContain(id);
    await moveReturn(shop, id, { status: 'approved' });
    await moveReturn(shop, id, { status: 'received' });
    // The provider is down: the return stays received and nothing is marked refunded.
    const gateway = await gatewayRefunded(shop, order.orderId);
    const gatewayStatus = (status: string) =>
      shop.database.db.execute(sql`update test_gateway_payments set status = ${status}
        where reference = (select provider_reference from payments where order_id = ${order.orderId} and status = 'succeeded')`);
    // A payment the gateway no longer holds as succeeded refuses refunds, as a real gateway would.
    await gatewayStatus('disputed');
    const failed = await moveReturn(shop, id, { status: 'refunded' });
    expect(failed).toMatchObject({ status: 502, code: 6013 });
    expect((await shop.app.commerce.customers.returns.get(id)).return.status).toBe('received');
    expect((await detail(customer, order.orderId)).refunded.amount).toBe(0);
    await gatewayStatus('succeeded');
    const retried = await moveReturn(shop, id, { status: 'refunded' });
    expect(retried.data.return.status).toBe('refunded');
    expect((await gatewayRefunded(shop, order.orderId)).refunded).toBe(gateway.refunded + retried.data.return.refund!.amount);
  });
});

describe('fulfillment (merchant)', () => {
  it('moves a paid order only forward', async () => {
    const { order } = await customerWithOrder();
    expect((await ship(shop, order.number, 'shipped')).data.fulfillmentStatus).toBe('delivered');
    expect((await ship(shop, 'VG-999999', 'shipped')).code).toBe(5010);
  });
});
