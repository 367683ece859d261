// Restores an abandoned checkout from the link of its reminder mail (spec section 7: POST
// api/checkout/recovering/{x}). The shopper gets the same checkout back, with everything typed before,
// and its lines back in the cart of the browser that opened the link (which may be another device): each
// line is brought up to the checkout's quantity with the add-to-cart rules, all in one transaction, so the
// link can be opened twice without doubling the cart. Lines sold out or taken off the shelf since are left
// out (of the cart and of the checkout) and reported; a checkout whose order was paid answers its
// thank-you page. 5009 for a key that names no checkout, or one that expired.
import { and, eq, inArray } from 'drizzle-orm';
import type { RecoveredCheckout } from '../../../schemas/generated/api';
import { isToken } from '../../../schemas/token';
import type { Db } from '../../db/connect';
import { cartLines } from '../../db/cart-schema';
import { products, skus } from '../../db/catalog-schema';
import { checkouts, type CheckoutLine } from '../../db/checkout-schema';
import { orders } from '../../db/order-schema';
import { addLines } from '../cart/add-lines';
import { MAX_LINE_QUANTITY } from '../cart/add-line';
import { findCart } from '../cart/find-cart';
import { skuDetails } from '../catalog/sku-details';
import { ShopError } from '../errors';
import { optOutOfRecovery } from './abandoned';

const unknownKey = () => new ShopError('tokenNotFound', 'This recovery link names no checkout that can be continued.');

async function orderToken(db: Db, orderId: number | null): Promise<string | null> {
  if (orderId === null) return null;
  const [order] = await db.select({ token: orders.token, status: orders.status }).from(orders).where(eq(orders.id, orderId));
  // Paid (and maybe refunded since): the order is the buyer's to look at. Pending: the checkout goes on.
  return order && order.status !== 'pending' && order.status !== 'expired' && order.status !== 'canceled' ? order.token : null;
}

/** How much of each SKU can be had now (0 when sold out or off the shelf). */
async function availability(db: Db, skuIds: number[]): Promise<Map<number, number>> {
  const rows = skuIds.length
    ? await db
        .select({ id: skus.id, stock: skus.stock, status: products.status })
        .from(skus)
        .innerJoin(products, eq(products.id, skus.productId))
        .where(inArray(skus.id, skuIds))
    : [];
  return new Map(rows.map((r) => [r.id, r.status === 'active' ? Math.max(0, Math.min(r.stock, MAX_LINE_QUANTITY)) : 0]));
}

async function inCart(db: Db, visitorId: string): Promise<Map<number, number>> {
  const cartId = await findCart(db, visitorId, false);
  if (cartId === null) return new Map();
  const rows = await db
    .select({ skuId: cartLines.skuId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId));
  return new Map(rows.map((r) => [r.skuId, r.quantity]));
}

/** The checkout's lines as they can be had now, and what is gone; the cart brought up to them. */
async function refillCart(db: Db, lines: CheckoutLine[], visitorId: string) {
  // Stock read here may be taken by another shopper before the lines are added: the add refuses (all or
  // none), and the lines are worked out again from the stock left then.
  for (let attempt = 1; ; attempt++) {
    const [available, held] = await Promise.all([
      availability(
        db,
        lines.filter((l) => !l.gift).map((l) => l.skuId),
      ),
      inCart(db, visitorId),
    ]);
    const kept: CheckoutLine[] = [];
    const gone: CheckoutLine[] = [];
    const toAdd: { skuId: number; quantity: number }[] = [];
    for (const line of lines) {
      if (line.gift) {
        kept.push(line);
        continue;
      }
      const most = available.get(line.skuId) ?? 0;
      if (most === 0) {
        gone.push(line);
        continue;
      }
      const quantity = Math.min(line.quantity, most);
      kept.push({ ...line, quantity });
      const missing = quantity - (held.get(line.skuId) ?? 0);
      if (missing > 0) toAdd.push({ skuId: line.skuId, quantity: missing });
    }
    try {
      if (toAdd.length) await addLines(db, visitorId, toAdd);
      return { kept, gone };
    } catch (error) {
      if (attempt >= 3 || !(error instanceof ShopError && error.error === 'cannotAddToCart')) throw error;
    }
  }
}

export async function recoverCheckout(db: Db, key: string, visitorId: string, locale: string): Promise<RecoveredCheckout> {
  const [row] = isToken(key) ? await db.select().from(checkouts).where(eq(checkouts.recoveryKey, key)) : [];
  if (!row) throw unknownKey();
  const paid = await orderToken(db, row.orderId);
  if (paid) return { token: row.token, next: `/thankyou/${paid}`, skipped: [] };
  if (row.status !== 'open') throw unknownKey();

  const { kept, gone } = await refillCart(db, row.lines, visitorId);
  const changed = kept.length !== row.lines.length || kept.some((l, i) => l.quantity !== row.lines[i]!.quantity);
  // The checkout follows the browser that came back (its cart is the one emptied when the order is paid).
  await db
    .update(checkouts)
    .set({ visitorId, ...(changed ? { lines: kept, updatedAt: new Date() } : {}) })
    .where(and(eq(checkouts.id, row.id), eq(checkouts.status, 'open')));
  const titles = await skuDetails(
    db,
    gone.map((l) => l.skuId),
    locale,
  );
  return {
    token: row.token,
    next: kept.some((l) => !l.gift) ? `/checkout/${row.token}` : '/cart',
    skipped: gone.map((l) => ({ skuId: l.skuId, title: titles.get(l.skuId)?.title ?? '', quantity: l.quantity })),
  };
}

export function createRecovery(db: Db) {
  return {
    /** Restores the checkout of a reminder's link for this visitor; where to go on from. */
    recover: (key: string, visitorId: string, locale: string) => recoverCheckout(db, key, visitorId, locale),
    /** Stops the reminders of this checkout's email; 5009 for a key that names no checkout. */
    async optOut(key: string): Promise<void> {
      if (!(await optOutOfRecovery(db, key))) throw unknownKey();
    },
  };
}

export type Recovery = ReturnType<typeof createRecovery>;
