// What a test provider keeps of its payments, as a real gateway keeps them on its side: in the database
// (table test_gateway_payments), so the shopper's answer on the provider's page in one server process is
// what every other process reads. Used by the test card, wallet, bank and pay-later providers only.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connect';
import { preparedStatement } from '../../../db/prepared-statement';
import { testGatewayPayments } from '../../../db/payment-schema';

export interface GatewayPayment<D extends Record<string, unknown> = Record<string, unknown>> {
  reference: string;
  provider: string;
  status: string;
  amount: number;
  refunded: number;
  currencyCode: string;
  data: D;
  createdAt: Date;
}

/** Read on every test payment's answer and return. */
const byReference = preparedStatement((db) =>
  db
    .select()
    .from(testGatewayPayments)
    .where(
      and(
        eq(testGatewayPayments.reference, sql.placeholder('reference')),
        eq(testGatewayPayments.provider, sql.placeholder('provider')),
      ),
    )
    .prepare('test_gateway_payment'),
);

/** A payment recorded unless its reference is there: once per test payment (every one-click offer's charge). */
const insertOnce = preparedStatement((db) =>
  db
    .insert(testGatewayPayments)
    .values({
      reference: sql.placeholder('reference'),
      provider: sql.placeholder('provider'),
      status: sql.placeholder('status'),
      amount: sql.placeholder('amount'),
      currencyCode: sql.placeholder('currencyCode'),
      // A placeholder skips the column's encoding: the data goes as an object, which both drivers send as JSON.
      data: sql.placeholder('data'),
    })
    .onConflictDoNothing()
    .returning()
    .prepare('test_gateway_payment_once'),
);

export function createGatewayStore(db: Db, provider: string, prefix: string) {
  return {
    newReference: () => `${prefix}_${randomBytes(12).toString('hex')}`,
    async create<D extends Record<string, unknown>>(payment: {
      reference: string;
      status: string;
      amount: number;
      currencyCode: string;
      data: D;
    }): Promise<void> {
      await db.insert(testGatewayPayments).values({ ...payment, provider });
    },
    /** Records a payment unless its reference is there already: true when this call recorded it. */
    async recordOnce<D extends Record<string, unknown>>(payment: {
      reference: string;
      status: string;
      amount: number;
      currencyCode: string;
      data: D;
    }): Promise<boolean> {
      return (await insertOnce(db).execute({ ...payment, provider })).length > 0;
    },
    /** Records a payment unless its reference is there already; answers the one stored (the first of two at once). */
    async createOnce<D extends Record<string, unknown>>(payment: {
      reference: string;
      status: string;
      amount: number;
      currencyCode: string;
      data: D;
    }): Promise<GatewayPayment<D>> {
      const [created] = await insertOnce(db).execute({ ...payment, provider });
      return ((created as GatewayPayment<D> | undefined) ?? (await this.find<D>(payment.reference)))!;
    },
    async find<D extends Record<string, unknown>>(reference: string): Promise<GatewayPayment<D> | null> {
      const [row] = await byReference(db).execute({ reference, provider });
      return (row as GatewayPayment<D> | undefined) ?? null;
    },
    /**
     * Moves a payment from one of `from` to `status` (merging `data`), once: false when it was not in
     * one of them (already answered by another click or process).
     */
    async move(reference: string, from: string[], status: string, data: Record<string, unknown> = {}): Promise<boolean> {
      const moved = await db
        .update(testGatewayPayments)
        .set({ status, data: sql`${testGatewayPayments.data} || ${JSON.stringify(data)}::jsonb`, updatedAt: new Date() })
        .where(
          and(
            eq(testGatewayPayments.reference, reference),
            eq(testGatewayPayments.provider, provider),
            inArray(testGatewayPayments.status, from),
          ),
        )
        .returning({ reference: testGatewayPayments.reference });
      return moved.length > 0;
    },
    /**
     * Adds `amount` to a payment in one of the states `from`, once per `key` (kept in its data's `added`);
     * true when added now or by the same key before.
     */
    async addAmount(reference: string, from: string[], amount: number, key: string): Promise<boolean> {
      const added = await db
        .update(testGatewayPayments)
        .set({
          amount: sql`${testGatewayPayments.amount} + ${amount}`,
          data: sql`jsonb_set(${testGatewayPayments.data}, '{added}', coalesce(${testGatewayPayments.data}->'added', '{}'::jsonb) || jsonb_build_object(${key}::text, ${amount}::int))`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(testGatewayPayments.reference, reference),
            eq(testGatewayPayments.provider, provider),
            inArray(testGatewayPayments.status, from),
            sql`not coalesce(${testGatewayPayments.data}->'added', '{}'::jsonb) ? ${key}`,
          ),
        )
        .returning({ reference: testGatewayPayments.reference });
      if (added.length) return true;
      const [row] = await db
        .select({ data: testGatewayPayments.data })
        .from(testGatewayPayments)
        .where(and(eq(testGatewayPayments.reference, reference), eq(testGatewayPayments.provider, provider)));
      return Boolean((row?.data as { added?: Record<string, number> } | undefined)?.added?.[key]);
    },
    /**
     * Gives back `amount` of a succeeded payment, once per `key` (kept in its data's `refunds`, as a
     * gateway keeps its refunds): the same key again, from any process and at the same moment, gives
     * nothing more and answers the first refund. Like a gateway it refuses a payment that did not succeed
     * and more than is left of what was taken.
     */
    async refund(reference: string, amount: number, key: string): Promise<number> {
      const refunds = sql`coalesce(${testGatewayPayments.data}->'refunds', '{}'::jsonb)`;
      const [made] = await db
        .update(testGatewayPayments)
        .set({
          refunded: sql`${testGatewayPayments.refunded} + ${amount}`,
          data: sql`jsonb_set(${testGatewayPayments.data}, '{refunds}', ${refunds} || jsonb_build_object(${key}::text, ${amount}::int))`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(testGatewayPayments.reference, reference),
            eq(testGatewayPayments.provider, provider),
            eq(testGatewayPayments.status, 'succeeded'),
            sql`${testGatewayPayments.refunded} + ${amount} <= ${testGatewayPayments.amount}`,
            sql`not ${refunds} ? ${key}`,
          ),
        )
        .returning({ reference: testGatewayPayments.reference });
      if (made) return amount;
      const payment = await this.find<{ refunds?: Record<string, number> }>(reference);
      const before = payment?.data.refunds?.[key];
      if (before !== undefined) return before;
      if (!payment) throw new Error(`the ${provider} gateway has no payment ${reference}`);
      throw new Error(
        payment.status === 'succeeded'
          ? `the ${provider} payment ${reference} has ${payment.amount - payment.refunded} left to refund, not ${amount}`
          : `the ${provider} payment ${reference} is ${payment.status}: there is nothing to refund`,
      );
    },
  };
}

export type GatewayStore = ReturnType<typeof createGatewayStore>;
