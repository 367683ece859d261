// Picks the cart's free gift (spec section 7: POST /api/shopping-carts/gift). The SKU must be a gift of an
// active gift promotion (else 400 naming skuId), the cart must reach that promotion (5005), the gift must
// be in stock and on the shelf (5003), and a cart holds one gift (5004): the gift is written with the
// table's primary key (one row per cart), never read-then-write, so two picks at once give one gift.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/connect';
import { cartGifts } from '../../db/cart-schema';
import type { Promotions } from '../catalog/promotions';
import { badRequest, ShopError } from '../errors';
import type { Currency } from '../pricing/currency';
import { findCart } from './find-cart';
import { readCart } from './read-cart';

export async function addGift(db: Db, promotions: Promotions, visitorId: string, skuId: number, base: Currency): Promise<void> {
  // The cart as it is now (sold-out lines and a gift no longer reached already taken out), in the base currency.
  const cart = await readCart(db, promotions, visitorId, { locale: 'en', currency: base, baseCurrency: base });
  const offers = cart.giftOffers.filter((o) => o.choices.some((c) => c.skuId === skuId));
  if (!offers.length) {
    throw badRequest(`SKU ${skuId} is not a gift on offer.`, {
      errors: [{ path: '/skuId', message: 'is not a gift on offer' }],
    });
  }
  const offer = offers.find((o) => o.reached);
  if (!offer) {
    const nearest = offers.reduce((a, b) => (b.moreSpend.amount < a.moreSpend.amount ? b : a));
    throw new ShopError('promotionConditionsNotMet', `Spend ${nearest.moreSpend.amount} more (base minor units) for this gift.`, {
      minSubtotal: nearest.minSubtotal,
      moreSpend: nearest.moreSpend,
    });
  }
  if (!offer.choices.find((c) => c.skuId === skuId)!.available) {
    throw new ShopError('cannotAddToCart', 'This gift is sold out.', { available: 0 });
  }
  const cartId = (await findCart(db, visitorId, true))!;
  const [inserted] = await queryRows<{ cart_id: number }>(
    db,
    sql`insert into ${cartGifts} (cart_id, sku_id, promotion_id) values (${cartId}, ${skuId}, ${offer.promotionId})
        on conflict (cart_id) do nothing returning cart_id`,
  );
  if (!inserted) throw new ShopError('giftAlreadyExists', 'Your cart already holds a free gift: remove it to pick another.');
}
