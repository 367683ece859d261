// Gift promotions as the cart offers them (issue 8: gifts): once the cart's spend after promotions (in
// the base currency, like the other thresholds) reaches a promotion's minSubtotal, the shopper may pick
// one of its SKUs for free. A choice is available while its product is on the shelf and in stock.
import { eq, inArray } from 'drizzle-orm';
import type { GiftOffer } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import { products, skus } from '../../db/catalog-schema';
import type { Promotions } from '../catalog/promotions';
import { skuDetails, type SkuDetails } from '../catalog/sku-details';
import { calculateTotal, type PricedLine, type Promotion } from '../pricing/calculate-total';
import type { MoneyIn } from '../pricing/pricing';

export interface GiftChoiceFacts {
  skuId: number;
  available: boolean;
  details: SkuDetails;
}

export interface OfferedGifts {
  promotionId: number;
  title: string;
  /** Base minor units. */
  minSubtotal: number;
  reached: boolean;
  /** Base minor units still to spend (0 once reached). */
  more: number;
  choices: GiftChoiceFacts[];
}

/** The spend a gift promotion is reached by: the lines after promotions, without the coupon, in the base currency. */
export function giftSpend(lines: PricedLine[], promotions: Promotion[]): number {
  return calculateTotal({
    lines: lines.map((l) => ({ ...l, unitPrice: l.baseUnitPrice })),
    promotions,
    convert: (amount) => amount,
  }).subtotalPrice;
}

/** The active gift promotions with their choices, reached or not by `spend` (two statements, none without gifts). */
export async function giftOffers(db: Db, promotions: Promotions, locale: string, spend: number): Promise<OfferedGifts[]> {
  const gifts = await promotions.gifts(locale);
  const codes = [...new Set(gifts.flatMap((g) => g.skuCodes))];
  if (!codes.length) return [];
  const rows = await db
    .select({ id: skus.id, code: skus.code, stock: skus.stock, status: products.status })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(inArray(skus.code, codes));
  const details = await skuDetails(
    db,
    rows.map((r) => r.id),
    locale,
  );
  return gifts.map((gift) => ({
    promotionId: gift.id,
    title: gift.title,
    minSubtotal: gift.minSubtotal,
    reached: spend >= gift.minSubtotal,
    more: Math.max(0, gift.minSubtotal - spend),
    // SKU codes that name nothing (a merchant's typo, a SKU deleted since) are left out.
    choices: gift.skuCodes.flatMap((code) => {
      const row = rows.find((r) => r.code === code);
      return row && details.has(row.id)
        ? [{ skuId: row.id, available: row.status === 'active' && row.stock > 0, details: details.get(row.id)! }]
        : [];
    }),
  }));
}

/** An offer as the API answers it, amounts in the shown currency. */
export function giftOfferView(offer: OfferedGifts, money: MoneyIn): GiftOffer {
  return {
    promotionId: offer.promotionId,
    title: offer.title,
    minSubtotal: money.money(offer.minSubtotal),
    reached: offer.reached,
    moreSpend: money.money(offer.more),
    choices: offer.choices.map(({ skuId, available, details }) => ({
      skuId,
      productId: details.productId,
      handle: details.handle,
      title: details.title,
      options: details.options,
      image: details.image,
      available,
    })),
  };
}
