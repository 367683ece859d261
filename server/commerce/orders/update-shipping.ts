// The buyer corrects the shipping address of an order before it ships (spec section 7: PUT
// /api/orders/{id}/updateShipping), checked with the same rules as the checkout's (spec section 5). An
// order that has left the warehouse, or was never paid, keeps its address (2: the spec's "address
// exception", 8002).
import { and, eq, inArray } from 'drizzle-orm';
import type { CheckoutAddress } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import { orders } from '../../db/schema';
import { addressProblems } from '../checkout/update-checkout';
import { badRequest, ShopError } from '../errors';
import { shippingCountries } from '../pricing/shipping';
import type { Reference } from '../reference';
import { findOrder } from './read-order';

export async function updateOrderShipping(db: Db, reference: Reference, token: string, address: CheckoutAddress) {
  const order = await findOrder(db, token);
  const settings = await reference.checkout();
  const template = settings.shippingTemplates.find((t) => t.id === order.shippingTemplateId);
  const served = new Set(shippingCountries(template ? [template] : settings.shippingTemplates));
  const problems = await addressProblems(reference, served, address, '/shippingAddress');
  if (problems.length) {
    throw badRequest(`The address is not valid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`, {
      errors: problems,
      errorCount: problems.length,
    });
  }
  const changed = await db
    .update(orders)
    .set({ shippingAddress: address })
    .where(and(eq(orders.id, order.id), eq(orders.fulfillmentStatus, 'unfulfilled'), inArray(orders.status, ['pending', 'paid'])))
    .returning({ id: orders.id });
  if (!changed.length)
    throw new ShopError('addressException', 'This order has shipped or is closed: its address can no longer change.');
}
