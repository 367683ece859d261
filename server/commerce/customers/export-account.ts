// The data export of an account (issue 25): everything the shop keeps of it, as its owner may download it.
import { desc, eq, inArray } from 'drizzle-orm';
import type { AccountExport } from '../../../schemas/generated/api';
import { consentRecords } from '../../db/consent-schema';
import type { Db } from '../../db/connect';
import { customerAddresses, customerOrders, customers, returnLines, returnRequests } from '../../db/customer-schema';
import { orderLines, orders } from '../../db/order-schema';
import { unauthorized } from '../errors';
import { customerView, sessionView } from './customer-view';
import type { Sessions } from './sessions';

export async function exportAccount(
  db: Db,
  sessions: Sessions,
  customerId: number,
  currentSession: number,
): Promise<AccountExport> {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!row) throw unauthorized('Please sign in again.');
  const [addresses, owned, returns, live, consents] = await Promise.all([
    db.select().from(customerAddresses).where(eq(customerAddresses.customerId, customerId)),
    db
      .select({ order: orders, how: customerOrders.how })
      .from(customerOrders)
      .innerJoin(orders, eq(orders.id, customerOrders.orderId))
      .where(eq(customerOrders.customerId, customerId))
      .orderBy(desc(orders.createdAt)),
    db.select().from(returnRequests).where(eq(returnRequests.customerId, customerId)),
    sessions.list(customerId),
    db.select().from(consentRecords).where(eq(consentRecords.customerId, customerId)).orderBy(desc(consentRecords.id)).limit(500),
  ]);
  const orderIds = owned.map((o) => o.order.id);
  const returnIds = returns.map((r) => r.id);
  const [lines, returned] = await Promise.all([
    orderIds.length ? db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)) : [],
    returnIds.length ? db.select().from(returnLines).where(inArray(returnLines.returnId, returnIds)) : [],
  ]);
  return {
    exportedAt: new Date().toISOString(),
    customer: customerView(row),
    addresses: addresses.map((a) => ({ id: a.id, ...a.address, isDefault: a.isDefault, createdAt: a.createdAt.toISOString() })),
    orders: owned.map(({ order, how }) => ({
      number: order.number,
      placedAt: order.createdAt.toISOString(),
      how,
      status: order.status,
      fulfillmentStatus: order.fulfillmentStatus,
      email: order.email,
      currencyCode: order.currencyCode,
      totals: order.totals,
      shippingAddress: order.shippingAddress,
      billingAddress: order.billingAddress,
      paymentMethod: order.paymentMethod,
      lines: lines
        .filter((l) => l.orderId === order.id)
        .map((l) => ({ title: l.title, variant: l.variant, quantity: l.quantity, price: l.price, total: l.total })),
    })),
    returns: returns.map((r) => ({
      id: r.id,
      status: r.status,
      reason: r.reason,
      comment: r.comment,
      note: r.note,
      refundAmount: r.refundAmount,
      createdAt: r.createdAt.toISOString(),
      lines: returned.filter((l) => l.returnId === r.id).map((l) => ({ orderLineId: l.orderLineId, quantity: l.quantity })),
    })),
    sessions: live.map((s) => sessionView(s, currentSession)),
    consents: consents.map((r) => ({
      policyVersion: r.policyVersion,
      analytics: r.analytics,
      advertising: r.advertising,
      source: r.source as 'banner' | 'preferences',
      at: r.at.toISOString(),
    })),
  };
}
