// The seed step of the demo checkout triggers (fixtures/checkout-triggers.json), with what they name that a
// database seeded before them lacks: their discount codes and their offer pages.
import { inArray } from 'drizzle-orm';
import { checkoutTriggers } from './checkout-trigger-schema';
import { coupons } from './checkout-schema';
import { pages, pageVersions } from './page-schema';
import type { CheckoutTriggerRequest } from '../../schemas/generated/api';
import type { Executor } from './connect';
import { couponRow } from './seed-coupons';
import type { CouponFixture } from './seed-fixtures';

/** What the step reads of the fixtures. */
interface TriggerFixtures {
  coupons: CouponFixture[];
  pages: { handle: string; kind: 'shop' | 'funnel'; body: Record<string, unknown> }[];
  checkoutTriggers: CheckoutTriggerRequest[];
}

export async function seedCheckoutTriggers(tx: Executor, fixtures: TriggerFixtures): Promise<void> {
  const codes = new Set((await tx.select({ code: coupons.code }).from(coupons)).map((c) => c.code));
  const newCodes = fixtures.coupons.filter((c) => !codes.has(c.code.toUpperCase()));
  if (newCodes.length) await tx.insert(coupons).values(newCodes.map(couponRow));
  const named = new Set(
    fixtures.checkoutTriggers.flatMap((t) => [
      t.upsell.page ?? 'checkout-upsell',
      ...(t.downsell ? [t.downsell.page ?? 'checkout-downsell'] : []),
    ]),
  );
  const held = new Set(
    (
      await tx
        .select({ handle: pages.handle })
        .from(pages)
        .where(inArray(pages.handle, [...named]))
    ).map((p) => p.handle),
  );
  for (const page of fixtures.pages.filter((p) => named.has(p.handle) && !held.has(p.handle))) {
    const [row] = await tx
      .insert(pages)
      .values({ handle: page.handle, kind: page.kind, liveVersion: 1 })
      .returning({ id: pages.id });
    await tx.insert(pageVersions).values({ pageId: row!.id, version: 1, body: page.body });
  }
  if (fixtures.checkoutTriggers.length)
    await tx.insert(checkoutTriggers).values(
      fixtures.checkoutTriggers.map((t, position) => ({
        name: t.name,
        active: t.active ?? true,
        products: t.products,
        position: t.position ?? position,
        upsell: t.upsell,
        downsell: t.downsell ?? null,
      })),
    );
}
