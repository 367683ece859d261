// The buyer corrects the shipping address of an order before it ships (spec section 7: PUT
// /api/orders/{id}/updateShipping), checked with the same rules as the checkout's (spec section 5) and
// served by the way of shipping paid for at no higher price (address-correction.ts). An order that has
// left the warehouse, or was never paid, keeps its address (the spec's "address exception", 8002); so does
// an offer's order, which ships with the order it was added to (its correction is made there and carried
// to it).
import { and, eq, inArray } from 'drizzle-orm';
import type { CheckoutAddress } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import { orders } from '../../db/order-schema';
import { badRequest, ShopError } from '../errors';
import type { Reference } from '../reference';
import { addressCorrectionProblems } from './address-correction';
import { findOrder } from './read-order';

export async function updateOrderShipping(
  db: Db,
  reference: Reference,
  token: string,
  address: CheckoutAddress,
  baseCode: string,
) {
  const order = await findOrder(db, token);
  if (order.parentOrderId !== null)
    throw new ShopError('addressException', 'This order ships with the order it was added to: correct the address there.');
  const problems = await addressCorrectionProblems(db, reference, order, address, '/shippingAddress', baseCode);
  if (problems.length) {
    throw badRequest(`The address is not valid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`, {
      errors: problems,
      errorCount: problems.length,
    });
  }
  // The state is checked by the statement that changes it; the offers added to the order ship with it and
  // take the correction in the same transaction, only when the order itself took it.
  const corrected = await db.transaction(async (tx) => {
    const [main] = await tx
      .update(orders)
      .set({ shippingAddress: address })
      .where(
        and(eq(orders.id, order.id), eq(orders.fulfillmentStatus, 'unfulfilled'), inArray(orders.status, ['pending', 'paid'])),
      )
      .returning({ id: orders.id });
    if (!main) return false;
    await tx
      .update(orders)
      .set({ shippingAddress: address })
      .where(
        and(
          eq(orders.parentOrderId, order.id),
          eq(orders.fulfillmentStatus, 'unfulfilled'),
          inArray(orders.status, ['pending', 'paid']),
        ),
      );
    return true;
  });
  if (!corrected)
    throw new ShopError('addressException', 'This order has shipped or is closed: its address can no longer change.');
}
