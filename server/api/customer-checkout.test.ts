// The checkout with an account: a signed-in customer's checkout starts with their email and default
// address; "save this information" keeps the shipping address in their book when the order is placed
// (once); an order placed signed in is theirs, a guest's is no one's.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, CustomerAddress, PaymentOutcome } from '../../schemas/generated/api';
import { cardToken, idempotencyKey, readyCheckout, shopperOf, type Call } from '../../test-support/server/buyer';
import { newCustomer, type TestCustomer } from '../../test-support/server/customers';
import { signatureQuery } from '../../test-support/server/sign';
import { firstSku } from '../../test-support/server/skus';
import { DUTCH_ADDRESS, TEST_ADDRESS } from '../../test-support/server/test-address';
import { createTestShop, PUBLIC_URL, readEnvelope, visitors, type TestShop } from '../../test-support/server/test-app';
import { isSignedPaymentCall } from '../../schemas/payment-signature';
import { customerAddresses, customerOrders } from '../db/customer-schema';
import { orders } from '../db/order-schema';

let shop: TestShop;
let skuId: number;
const nextVisitor = visitors();

beforeAll(async () => {
  shop = await createTestShop('pglite');
  skuId = (await firstSku(shop, 'linen-shirt')).id;
});
afterAll(() => shop.close());

/** A visitor's calls made while signed in as `customer` (the `sign` header), payment calls signed. */
function signedInShopper(customer: TestCustomer, visitor = nextVisitor()): Call {
  return async (method, path, body) => {
    const signed = isSignedPaymentCall(method, path)
      ? `${path}${path.includes('?') ? '&' : '?'}${signatureQuery({ origin: PUBLIC_URL, visitor, body })}`
      : path;
    return readEnvelope(
      await shop.app.request(`/api${signed}`, {
        method,
        headers: { ...customer.headers, customerUUID: visitor },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  };
}

async function startCheckout(call: Call): Promise<Checkout> {
  expect((await call('POST', '/shopping-carts', { skuId, quantity: 1 })).status).toBe(200);
  const started = await call<{ token: string }>('POST', '/multicurrency/general/checkout', {});
  expect(started.status).toBe(201);
  return (await call<Checkout>('GET', `/multicurrency/general/checkout/${started.data.token}`)).data;
}

async function payWithCard(call: Call, checkoutToken: string, extra: { saveAddress?: boolean } = {}) {
  const outcome = await call<PaymentOutcome>('POST', '/payment/create-order', {
    checkoutToken,
    paymentMethodCode: 'card',
    paymentToken: await cardToken(call),
    idempotencyKey: idempotencyKey(),
    ...extra,
  });
  expect(outcome.status).toBe(200);
  return outcome.data;
}

const bookOf = async (customerId: number) =>
  shop.database.db.select().from(customerAddresses).where(eq(customerAddresses.customerId, customerId));
const ownerOf = async (orderToken: string) => {
  const [row] = await shop.database.db
    .select({ customerId: customerOrders.customerId, how: customerOrders.how })
    .from(orders)
    .leftJoin(customerOrders, eq(customerOrders.orderId, orders.id))
    .where(eq(orders.token, orderToken));
  return row ?? null;
};

describe('a signed-in checkout', () => {
  it('starts with the customer’s email and default address (billing the same)', async () => {
    const customer = await newCustomer(shop, { email: 'filled@example.com' });
    const call = signedInShopper(customer);
    await call('POST', '/customer/addresses', TEST_ADDRESS);
    const home = (await call<CustomerAddress>('POST', '/customer/addresses', { ...DUTCH_ADDRESS, isDefault: true })).data;
    expect(home.isDefault).toBe(true);

    const checkout = await startCheckout(call);
    expect(checkout.email).toBe('filled@example.com');
    expect(checkout.shippingAddress).toEqual(DUTCH_ADDRESS);
    expect(checkout.asShippingAddress).toBe(true);
    expect(checkout.billingAddress).toBeNull();

    // Buy now fills the same way.
    const bought = await call<{ token: string }>('POST', '/multicurrency/general/checkout', { buyNow: { skuId, quantity: 1 } });
    const buyNow = (await call<Checkout>('GET', `/multicurrency/general/checkout/${bought.data.token}`)).data;
    expect(buyNow).toMatchObject({ email: 'filled@example.com', shippingAddress: DUTCH_ADDRESS });
  });

  it('without a default address, starts with the email only; a guest’s starts empty', async () => {
    const customer = await newCustomer(shop, { email: 'no-book@example.com' });
    const signedIn = await startCheckout(signedInShopper(customer));
    expect(signedIn).toMatchObject({ email: 'no-book@example.com', shippingAddress: null });

    const guest = await startCheckout(shopperOf(shop, nextVisitor()));
    expect(guest).toMatchObject({ email: null, shippingAddress: null });
  });

  it('leaves out an account email the checkout refuses, and fills the address', async () => {
    const customer = await newCustomer(shop, { email: 'ada+shop@example.com' });
    const call = signedInShopper(customer);
    await call('POST', '/customer/addresses', TEST_ADDRESS);
    expect(await startCheckout(call)).toMatchObject({ email: null, shippingAddress: TEST_ADDRESS });
  });

  it('leaves out a default address the shop no longer ships to', async () => {
    const customer = await newCustomer(shop, { email: 'moved@example.com' });
    // Saved when the shop still shipped to Iceland (the book refuses it now).
    await shop.database.db
      .insert(customerAddresses)
      .values({ customerId: customer.id, address: { ...DUTCH_ADDRESS, country: 'IS', zip: '101' }, isDefault: true });
    const checkout = await startCheckout(signedInShopper(customer));
    expect(checkout).toMatchObject({ email: 'moved@example.com', shippingAddress: null });
  });

  it('what the shopper then types is what the checkout keeps', async () => {
    const customer = await newCustomer(shop, { email: 'typed@example.com' });
    const call = signedInShopper(customer);
    await call('POST', '/customer/addresses', TEST_ADDRESS);
    const checkout = await startCheckout(call);
    const saved = await call<Checkout>('POST', '/multicurrency/asyncPayInfoSave', {
      token: checkout.token,
      email: 'gift-for-mum@example.com',
      shippingAddress: DUTCH_ADDRESS,
    });
    expect(saved.data).toMatchObject({ email: 'gift-for-mum@example.com', shippingAddress: DUTCH_ADDRESS });
    // Reading it again (signed in) does not fill it anew.
    const read = (await call<Checkout>('GET', `/multicurrency/general/checkout/${checkout.token}`)).data;
    expect(read).toMatchObject({ email: 'gift-for-mum@example.com', shippingAddress: DUTCH_ADDRESS });
  });
});

describe('placing an order signed in', () => {
  it('links the order to the account, and "save this information" adds its address to the book once', async () => {
    const customer = await newCustomer(shop);
    const call = signedInShopper(customer);
    const first = await readyCheckout(call, [{ skuId, quantity: 1 }], { email: customer.email });
    const paid = await payWithCard(call, first, { saveAddress: true });
    expect(paid.status).toBe('paid');
    expect(await ownerOf(paid.orderToken)).toEqual({ customerId: customer.id, how: 'placed' });
    const book = await bookOf(customer.id);
    expect(book).toHaveLength(1);
    expect(book[0]).toMatchObject({ address: TEST_ADDRESS, isDefault: true });

    // The same address again (typed with other spacing and case): not added twice.
    const again = await readyCheckout(call, [{ skuId, quantity: 1 }], {
      email: customer.email,
      address: { ...TEST_ADDRESS, address1: '1  market street', phone: '+1 (415) 555-0134' },
    });
    const second = await payWithCard(call, again, { saveAddress: true });
    expect(await ownerOf(second.orderToken)).toEqual({ customerId: customer.id, how: 'placed' });
    expect(await bookOf(customer.id)).toHaveLength(1);

    // Another address joins the book, not as its default.
    const dutch = await readyCheckout(call, [{ skuId, quantity: 1 }], { email: customer.email, address: DUTCH_ADDRESS });
    await payWithCard(call, dutch, { saveAddress: true });
    const grown = await bookOf(customer.id);
    expect(grown.map((row) => [row.address.country, row.isDefault]).sort()).toEqual([
      ['NL', false],
      ['US', true],
    ]);
  });

  it('without "save this information" the order is linked and the book is left alone', async () => {
    const customer = await newCustomer(shop);
    const call = signedInShopper(customer);
    const token = await readyCheckout(call, [{ skuId, quantity: 1 }], { email: customer.email });
    const paid = await payWithCard(call, token);
    expect(await ownerOf(paid.orderToken)).toEqual({ customerId: customer.id, how: 'placed' });
    expect(await bookOf(customer.id)).toEqual([]);
  });

  it('a guest order is no one’s, even with an account’s email and "save this information"', async () => {
    const customer = await newCustomer(shop);
    const guest = shopperOf(shop, nextVisitor());
    const token = await readyCheckout(guest, [{ skuId, quantity: 1 }], { email: customer.email });
    const paid = await payWithCard(guest, token, { saveAddress: true });
    expect(paid.status).toBe('paid');
    expect(await ownerOf(paid.orderToken)).toEqual({ customerId: null, how: null });
    expect(await bookOf(customer.id)).toEqual([]);
  });

  it('a declined order paid again signed in is the customer’s', async () => {
    const customer = await newCustomer(shop);
    const visitor = nextVisitor();
    const guest = shopperOf(shop, visitor);
    const token = await readyCheckout(guest, [{ skuId, quantity: 1 }], { email: customer.email });
    const declined = await guest('POST', '/payment/create-order', {
      checkoutToken: token,
      paymentMethodCode: 'card',
      paymentToken: await cardToken(guest, '4000 0000 0000 0002'),
      idempotencyKey: idempotencyKey(),
    });
    expect(declined.status).toBe(402);
    const orderToken = (declined.data as { orderToken: string }).orderToken;
    expect(await ownerOf(orderToken)).toEqual({ customerId: null, how: null });

    const paid = await payWithCard(signedInShopper(customer, visitor), token);
    expect(paid.orderToken).toBe(orderToken);
    expect(await ownerOf(orderToken)).toEqual({ customerId: customer.id, how: 'placed' });
  });
});
