// Orders of customers for tests: a guest buys over the API (the shopper's way through checkout, paid with
// the test card), an order is linked to an account as placing it while signed in does, the merchant marks
// it sent, and the test gateway tells what it gave back.
import { eq, sql } from 'drizzle-orm';
import { customerOrders } from '../../server/db/customer-schema';
import { orders } from '../../server/db/order-schema';
import { payments, testGatewayPayments } from '../../server/db/payment-schema';
import { pay, readyCheckout, shopperOf } from './buyer';
import { merchantHeaders, readEnvelope, visitors, type TestShop } from './test-app';

const newVisitor = visitors();

export interface BoughtOrder {
  orderId: number;
  number: string;
  token: string;
}

/** A guest's paid order of `items`, placed with `email` (express shipping unless told). */
export async function buyAs(
  shop: TestShop,
  email: string,
  items: { skuId: number; quantity: number }[],
  options: { coupon?: string; shippingTemplateId?: number; visitor?: string } = {},
): Promise<BoughtOrder> {
  const call = shopperOf(shop, options.visitor ?? newVisitor());
  const checkout = await readyCheckout(call, items, {
    email,
    coupon: options.coupon,
    shippingTemplateId: options.shippingTemplateId ?? 2,
  });
  const paid = await pay(call, checkout);
  if (paid.status !== 200) throw new Error(`pay: ${paid.status} ${paid.message}`);
  const [row] = await shop.database.db
    .select({ id: orders.id, number: orders.number, token: orders.token, status: orders.status })
    .from(orders)
    .where(sql`${orders.checkoutId} = (select id from checkouts where token = ${checkout})`)
    .orderBy(sql`${orders.id} desc`)
    .limit(1);
  if (row?.status !== 'paid') throw new Error(`the order of checkout ${checkout} is ${row?.status}`);
  return { orderId: row.id, number: row.number!, token: row.token! };
}

/** Links an order to an account as placing it while signed in does. */
export async function linkOrder(shop: TestShop, orderId: number, customerId: number): Promise<void> {
  await shop.database.db.insert(customerOrders).values({ orderId, customerId, how: 'placed' });
}

/** The merchant marks the order sent (PUT /api/orders/{number}/fulfillment). */
export async function ship(shop: TestShop, number: string, status: 'fulfilled' | 'shipped' | 'delivered' = 'delivered') {
  return readEnvelope<{ number: string; fulfillmentStatus: string }>(
    await shop.app.request(`/api/orders/${number}/fulfillment`, {
      method: 'PUT',
      headers: merchantHeaders,
      body: JSON.stringify({ status }),
    }),
  );
}

/** What the test gateway gave back of the order's payment, and what it took. */
export async function gatewayRefunded(shop: TestShop, orderId: number): Promise<{ taken: number; refunded: number }> {
  const [row] = await shop.database.db
    .select({ taken: testGatewayPayments.amount, refunded: testGatewayPayments.refunded })
    .from(testGatewayPayments)
    .innerJoin(payments, eq(payments.providerReference, testGatewayPayments.reference))
    .where(sql`${payments.orderId} = ${orderId} and ${payments.status} = 'succeeded'`);
  return row!;
}

/** The merchant moves a return (PUT /api/returns/{id}). */
export async function moveReturn(shop: TestShop, id: number, body: { status: string; note?: string; refundShipping?: boolean }) {
  type Money = { amount: number; currencyCode: string };
  return readEnvelope<{ return: { id: number; status: string; refund: Money | null; shippingRefund: Money | null } }>(
    await shop.app.request(`/api/returns/${id}`, { method: 'PUT', headers: merchantHeaders, body: JSON.stringify(body) }),
  );
}
