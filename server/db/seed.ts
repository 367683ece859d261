// Fills a database with the demo shop from fixtures/, in named steps. Each step runs once (a mark in
// `meta` records it), so a database seeded by an older version gets only the steps it lacks, and later
// starts leave the data as it is. Concurrent starts take turns (an advisory lock).
import { sql } from 'drizzle-orm';
import type { Db } from './connect';
import { meta } from './schema';
import { catalogStep, extrasStep, giftsStep, referenceStep, weightsStep } from './seed-catalog';
import { seedCheckoutTriggers } from './seed-checkout-triggers';
import { couponsStep } from './seed-coupons';
import type { SeedStep, ShopFixtures } from './seed-fixtures';
import { funnelsStep } from './seed-funnels';
import { trackingStep } from './seed-orders';
import { paymentIconsStep, paymentMethodsStep, providerMethodsStep } from './seed-payment-methods';

const SEED_LOCK = 7_301_001;

const checkoutTriggersStep: SeedStep = { mark: 'seeded:checkout-triggers', run: seedCheckoutTriggers };

export const SEED_STEPS: readonly SeedStep[] = [
  catalogStep,
  extrasStep,
  couponsStep,
  referenceStep,
  giftsStep,
  trackingStep,
  weightsStep,
  paymentMethodsStep,
  paymentIconsStep,
  providerMethodsStep,
  funnelsStep,
  checkoutTriggersStep,
];

export async function pendingSeedSteps(db: Db): Promise<string[]> {
  const marks = new Set((await db.select({ key: meta.key }).from(meta)).map((m) => m.key));
  return SEED_STEPS.filter((step) => !marks.has(step.mark)).map((step) => step.mark);
}

/** Runs every step not yet done; returns the marks of the steps this call ran. */
export async function seed(db: Db, fixtures: ShopFixtures, now = new Date()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const pending = new Set(await pendingSeedSteps(tx));
    const ran: string[] = [];
    for (const step of SEED_STEPS) {
      if (!pending.has(step.mark)) continue;
      await step.run(tx, fixtures, now);
      await tx.insert(meta).values({ key: step.mark, value: now.toISOString() });
      ran.push(step.mark);
    }
    return ran;
  });
}
