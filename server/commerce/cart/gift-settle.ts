// The gift a cart holds, checked each time the cart is read: it stays while its promotion is active and
// reached and the gift can be had; otherwise it leaves the cart and is told with the other lines taken
// out (`removed`), so the shopper knows why it is gone.
import { and, eq } from 'drizzle-orm';
import type { CartGift, CartRemovedLine } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import { cartGifts } from '../../db/cart-schema';
import { skuDetails } from '../catalog/sku-details';
import type { MoneyIn } from '../pricing/pricing';
import type { OfferedGifts } from './gift-offers';

export async function settleGift(
  db: Db,
  cartId: number,
  held: { skuId: number; promotionId: number } | null,
  offers: OfferedGifts[],
  locale: string,
  money: MoneyIn,
): Promise<{ gift: CartGift | null; removed: CartRemovedLine[] }> {
  if (!held) return { gift: null, removed: [] };
  const offer = offers.find((o) => o.promotionId === held.promotionId);
  const choice = offer?.choices.find((c) => c.skuId === held.skuId);
  if (offer?.reached && choice?.available) {
    const { details } = choice;
    return {
      gift: {
        skuId: held.skuId,
        productId: details.productId,
        handle: details.handle,
        title: details.title,
        options: details.options,
        image: details.image,
        price: money.money(0),
        promotion: offer.title,
      },
      removed: [],
    };
  }
  await db.delete(cartGifts).where(and(eq(cartGifts.cartId, cartId), eq(cartGifts.skuId, held.skuId)));
  // A promotion that ended no longer lists its gifts: the title is read for the notice.
  const title = choice?.details.title ?? (await skuDetails(db, [held.skuId], locale)).get(held.skuId)?.title ?? '';
  return { gift: null, removed: [{ title, quantity: 1 }] };
}
