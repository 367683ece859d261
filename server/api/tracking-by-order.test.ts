// Tracking by order number and email: the shopper who has the confirmation email but no tracking number
// finds the order; anyone else learns nothing, not even whether the number exists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tracking } from '../../schemas/generated/api';
import { shopperOf } from '../../test-support/server/buyer';
import { createTestShop, visitors, type TestShop } from '../../test-support/server/test-app';

let shop: TestShop;
const newVisitor = visitors();
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

describe('tracking by order number and email', () => {
  it('shows the order when the number and email are those of one order, however they are typed', async () => {
    const call = shopperOf(shop, newVisitor());
    const byNumber = await call<Tracking>('GET', '/orders/tracking?number=VGTRACK0001');
    const orderNumber = byNumber.data.orderNumber;
    const found = await call<Tracking>('POST', '/orders/tracking', { orderNumber, email: 'ada@example.com' });
    expect(found.status).toBe(200);
    expect(found.data).toEqual(byNumber.data);
    const typed = await call<Tracking>('POST', '/orders/tracking', {
      orderNumber: ` #${orderNumber.toLowerCase()} `,
      email: ' Ada@Example.com ',
    });
    expect(typed.data.orderNumber).toBe(orderNumber);
    const digitsOnly = await call<Tracking>('POST', '/orders/tracking', {
      orderNumber: orderNumber.replace(/\D/g, ''),
      email: 'ada@example.com',
    });
    expect(digitsOnly.data.orderNumber).toBe(orderNumber);
  });

  it('answers the same 5010 for another email as for a number that does not exist', async () => {
    const call = shopperOf(shop, newVisitor());
    const { orderNumber } = (await call<Tracking>('GET', '/orders/tracking?number=VGTRACK0001')).data;
    const otherEmail = await call('POST', '/orders/tracking', { orderNumber, email: 'grace@example.com' });
    const noSuchNumber = await call('POST', '/orders/tracking', { orderNumber: 'VG-99999999', email: 'ada@example.com' });
    const notANumber = await call('POST', '/orders/tracking', { orderNumber: 'hello', email: 'ada@example.com' });
    expect(otherEmail).toMatchObject({ status: 404, code: 5010 });
    expect(noSuchNumber).toEqual(otherEmail);
    expect(notANumber).toEqual(otherEmail);
  });

  it('refuses a malformed email or a body with unknown fields', async () => {
    const call = shopperOf(shop, newVisitor());
    const badEmail = await call('POST', '/orders/tracking', { orderNumber: 'VG-10001', email: 'ada@' });
    expect(badEmail).toMatchObject({ status: 400, code: 400 });
    expect(badEmail.message).toContain('/email');
    const extra = await call('POST', '/orders/tracking', { orderNumber: 'VG-10001', email: 'ada@example.com', token: 'x' });
    expect(extra).toMatchObject({ status: 400 });
  });
});
