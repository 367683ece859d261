// The consent an order is placed under, kept with it in the transaction that places it (or takes it again
// for another payment attempt: the latest choice counts), so a webhook that pays it later still knows.
import type { Executor } from '../../db/connect';
import { orderAdConsents } from '../../db/purchase-events-schema';
import type { OrderConsent } from './consent';

export async function keepConsent(tx: Executor, orderId: number, consent: OrderConsent, now: Date): Promise<void> {
  const row = { ...consent, recordedAt: now };
  await tx
    .insert(orderAdConsents)
    .values({ orderId, ...row })
    .onConflictDoUpdate({ target: orderAdConsents.orderId, set: row });
}
