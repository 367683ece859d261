// Abandoned checkouts (issue 8, "Abandoned-checkout recovery"): an open checkout with an email, left
// untouched for a while, gets one reminder mail. Only shoppers who ticked the newsletter box
// (acceptsMarketing) are written to: the spec says opting out is respected, and an unticked box is the
// clearest "no" a shopper gives us, so we read it conservatively.
//
// Each checkout is claimed with one conditional UPDATE before its mail is sent: however many processes run
// the job at once, only one of them gets the row back, so no shopper is written to twice.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Money } from '../../../schemas/generated/api';
import { isToken } from '../../../schemas/token';
import type { Db } from '../../db/connect';
import { products, skus } from '../../db/catalog-schema';
import { checkouts } from '../../db/checkout-schema';
import type { Promotions } from '../catalog/promotions';
import { skuDetails, variantText } from '../catalog/sku-details';
import { priceItems } from '../cart/price-items';
import type { Currency } from '../pricing/currency';

/** How long a checkout is left untouched before it counts as abandoned: one hour by default. */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;

export interface ClaimedCheckout {
  id: number;
  email: string;
  locale: string;
  currencyCode: string | null;
  lines: { skuId: number; quantity: number; gift?: boolean }[];
  /** The key of the mail's link (/checkout/recover/{key}). */
  recoveryKey: string;
}

function abandoned(now: Date, abandonedAfterMs: number) {
  return and(
    eq(checkouts.status, 'open'),
    isNotNull(checkouts.email),
    eq(checkouts.acceptsMarketing, true),
    isNull(checkouts.recoverySentAt),
    lt(checkouts.updatedAt, new Date(now.getTime() - abandonedAfterMs)),
  );
}

/** The checkouts due a reminder, oldest first. */
export async function abandonedCheckoutIds(
  db: Db,
  options: { now: Date; abandonedAfterMs: number; limit?: number },
): Promise<number[]> {
  const rows = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(abandoned(options.now, options.abandonedAfterMs))
    .orderBy(asc(checkouts.updatedAt))
    .limit(options.limit ?? 100);
  return rows.map((r) => r.id);
}

/**
 * Marks one checkout as reminded and gives it a recovery key, when it is still due (the shopper may have
 * come back, or another process claimed it meanwhile): the row when this call won it, else null.
 */
export async function claimAbandonedCheckout(
  db: Db,
  id: number,
  options: { now: Date; abandonedAfterMs: number },
): Promise<ClaimedCheckout | null> {
  const [row] = await db
    .update(checkouts)
    .set({ recoverySentAt: options.now, recoveryKey: randomBytes(16).toString('hex') })
    .where(and(eq(checkouts.id, id), abandoned(options.now, options.abandonedAfterMs)))
    .returning({
      id: checkouts.id,
      email: checkouts.email,
      locale: checkouts.locale,
      currencyCode: checkouts.currencyCode,
      lines: checkouts.lines,
      recoveryKey: checkouts.recoveryKey,
    });
  return row ? { ...row, email: row.email!, recoveryKey: row.recoveryKey! } : null;
}

export interface RecoverySummary {
  lines: { title: string; variant: string; quantity: number; lineTotal: Money }[];
  /** The lines at their prices, the promotions they reach, and what that leaves (before shipping). */
  items: Money;
  discounts: Money;
  subtotal: Money;
}

/** What the reminder shows: the lines still on sale, with titles and prices in the checkout's currency. */
export async function recoverySummary(
  db: Db,
  promotions: Promotions,
  checkout: Pick<ClaimedCheckout, 'lines' | 'locale'>,
  currency: Currency,
  base: Currency,
): Promise<RecoverySummary> {
  const wanted = checkout.lines.filter((l) => !l.gift);
  const onSale = wanted.length
    ? await db
        .select({ id: skus.id })
        .from(skus)
        .innerJoin(products, eq(products.id, skus.productId))
        .where(
          and(
            inArray(
              skus.id,
              wanted.map((l) => l.skuId),
            ),
            eq(products.status, 'active'),
            sql`${skus.stock} > 0`,
          ),
        )
    : [];
  const ids = new Set(onSale.map((r) => r.id));
  const lines = wanted.filter((l) => ids.has(l.skuId)).map((l) => ({ skuId: l.skuId, quantity: l.quantity }));
  if (!lines.length) {
    const none = { amount: 0, currencyCode: currency.code };
    return { lines: [], items: none, discounts: none, subtotal: none };
  }
  const [priced, details] = await Promise.all([
    priceItems(db, promotions, lines, { locale: checkout.locale, currency, baseCurrency: base }),
    skuDetails(
      db,
      lines.map((l) => l.skuId),
      checkout.locale,
    ),
  ]);
  return {
    lines: lines.map((line, i) => {
      const sku = details.get(line.skuId)!;
      return {
        title: sku.title,
        variant: variantText(sku.options),
        quantity: line.quantity,
        lineTotal: priced.lines[i]!.lineTotal,
      };
    }),
    items: priced.totals.totalLineItemsPrice,
    discounts: priced.totals.totalDiscounts,
    subtotal: priced.totals.subtotalPrice,
  };
}

/**
 * The shopper asked for no more reminders (the link in the mail): this checkout, and every other open one
 * of the same email, stop accepting marketing. False for a key that names no checkout.
 */
export async function optOutOfRecovery(db: Db, key: string): Promise<boolean> {
  if (!isToken(key)) return false;
  const changed = await db
    .update(checkouts)
    .set({ acceptsMarketing: false })
    .where(
      sql`${checkouts.recoveryKey} = ${key} or (${checkouts.status} = 'open' and lower(${checkouts.email}) =
        (select lower(c.email) from ${checkouts} c where c.recovery_key = ${key}))`,
    )
    .returning({ id: checkouts.id });
  return changed.length > 0;
}
