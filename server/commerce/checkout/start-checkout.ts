// Starts a checkout (spec section 7: POST api/multicurrency/general/checkout): from the visitor's cart,
// whose sold-out lines are taken out first, or, when "buy now" names one item, from that item alone
// (the cart is left as it is). The cart's free gift comes along as a line marked `gift` (priced 0 by
// priceItems). A signed-in customer's checkout starts filled with their email and default address
// (`prefill`); the shopper's typing not sent yet still wins in the form (renderer/state/checkout-store.tsx).
// Answers the checkout's token.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Cart, CheckoutAddress } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import { products, skus } from '../../db/catalog-schema';
import { checkouts, type CheckoutLine } from '../../db/checkout-schema';
import { readCart } from '../cart/read-cart';
import type { Promotions } from '../catalog/promotions';
import { badRequest, ShopError } from '../errors';
import type { Currency } from '../pricing/currency';
import { MAX_LINE_QUANTITY } from '../cart/add-line';

async function buyNowLine(db: Db, item: { skuId: number; quantity: number }) {
  const [sku] = await db
    .select({ stock: skus.stock, status: products.status })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(eq(skus.id, item.skuId));
  if (!sku) throw new ShopError('noSku', `There is no SKU ${item.skuId}.`);
  if (sku.status !== 'active') throw new ShopError('removedFromShelf', 'This product has been removed from the shelf.');
  refuseBeyondStock(sku.stock, item.quantity);
  return [item];
}

/** A checkout buys at most the stock of a SKU, and never more than a line may hold (5003, saying how many). */
export function refuseBeyondStock(stock: number, quantity: number, data: Record<string, unknown> = {}): void {
  const available = Math.min(stock, MAX_LINE_QUANTITY);
  if (quantity > available)
    throw new ShopError('cannotAddToCart', `Only ${available} of this item can be bought.`, { available, ...data });
}

/** What a checkout of a cart buys: its lines, and its free gift as a line marked `gift`. */
export function checkoutLinesOf(cart: Pick<Cart, 'lines' | 'gift'>): CheckoutLine[] {
  const lines: CheckoutLine[] = cart.lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity }));
  // A gift alone is not an order: the empty check of a new checkout still refuses a cart of only a gift.
  if (cart.gift && lines.length) lines.push({ skuId: cart.gift.skuId, quantity: 1, gift: true });
  return lines;
}

export async function startCheckout(
  db: Db,
  promotions: Promotions,
  visitorId: string,
  buyNow: { skuId: number; quantity: number } | undefined,
  base: Currency,
  seen: { locale: string; currencyCode: string },
  /** What a signed-in customer's checkout starts with: their email and default address (billing: the same). */
  prefill?: { email: string | null; shippingAddress: CheckoutAddress | null },
): Promise<{ token: string }> {
  let lines: CheckoutLine[];
  let couponCode: string | null = null;
  if (buyNow) {
    lines = await buyNowLine(db, buyNow);
  } else {
    const cart = await readCart(db, promotions, visitorId, { locale: 'en', currency: base, baseCurrency: base });
    lines = checkoutLinesOf(cart);
    couponCode = cart.coupon?.code ?? null;
  }
  if (!lines.length) {
    throw badRequest('Your cart is empty: there is nothing to check out.', { errors: [{ path: '/lines', message: 'is empty' }] });
  }
  const token = randomBytes(16).toString('hex');
  await db.insert(checkouts).values({
    token,
    visitorId,
    buyNow: Boolean(buyNow),
    lines,
    couponCode,
    ...seen,
    ...(prefill && { email: prefill.email, shippingAddress: prefill.shippingAddress }),
  });
  return { token };
}
