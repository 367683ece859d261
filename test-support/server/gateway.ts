// The test gateways' own records, read by a test as a merchant reads a gateway's dashboard: whether money
// was taken, and what was given back, refund by refund (not what the shop's rows say of it).
import { desc, eq } from 'drizzle-orm';
import { orders } from '../../server/db/order-schema';
import { payments, testGatewayPayments } from '../../server/db/payment-schema';
import type { TestShop } from './test-app';

export interface GatewayRecord {
  status: string;
  amount: number;
  refunded: number;
  /** The refunds made, by their idempotency keys. */
  refunds: Record<string, number>;
  /** What the gateway has taken and not given back. */
  kept: number;
}

/** A test gateway's record of a payment. */
export async function gatewayRecord(shop: TestShop, reference: string): Promise<GatewayRecord> {
  const [row] = await shop.database.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.reference, reference));
  if (!row) throw new Error(`no gateway record ${reference}`);
  const data = row.data as { refunds?: Record<string, number>; settleAt?: number };
  // A card the issuer is still working on has taken the money once its time came (the gateway says so
  // when next asked).
  const captured =
    row.status === 'succeeded' ||
    ((row.status === 'processing' || row.status === 'authorization') &&
      data.settleAt !== undefined &&
      data.settleAt <= Date.now());
  return {
    status: row.status,
    amount: row.amount,
    refunded: row.refunded,
    refunds: data.refunds ?? {},
    kept: captured ? row.amount - row.refunded : 0,
  };
}

/** The shop's latest payment of an order (its provider reference and status). */
export async function latestPaymentOf(shop: TestShop, orderToken: string) {
  const [row] = await shop.database.db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(orders.token, orderToken))
    .orderBy(desc(payments.id))
    .limit(1);
  if (!row) throw new Error(`no payment for the order ${orderToken}`);
  return row.payment;
}
