// The visitor's cart as the shopper sees it (spec section 7: GET api/multicurrency/shopping-carts): its
// lines priced by the server in the visitor's currency with the active promotions (calculateTotal), the
// discount hints, and what had to be taken out. Sold-out and off-shelf lines leave the cart when it is
// read, and a line above the stock comes down to it (spec: "Some items are no longer available. Your
// cart has been updated."). The free gift (cart/gift-*.ts) is offered, kept or taken out here too.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Cart, CartHint, CartLine, CartRemovedLine, CheckoutTotals } from '../../../schemas/generated/api';
import { localize } from '../../../schemas/localized-text';
import type { Db } from '../../db/connect';
import { cartGifts, cartLines, carts } from '../../db/cart-schema';
import { productImages, products, skus } from '../../db/catalog-schema';
import type { OrderTotals } from '../../db/order-schema';
import { toImage } from '../catalog/cards';
import { lineProductColumns, optionValues } from '../catalog/sku-details';
import type { Promotions } from '../catalog/promotions';
import { calculateTotal, type PricedLine } from '../pricing/calculate-total';
import { cartHints } from '../pricing/cart-hints';
import type { Shopper } from '../shopper';
import { moneyIn } from '../pricing/pricing';
import { MAX_LINE_QUANTITY } from './add-line';
import { couponRule, usableCoupon } from './coupons';
import { giftOffers, giftOfferView, giftSpend } from './gift-offers';
import { settleGift } from './gift-settle';

/** What a cart line shows of its SKU and product (read on every page view of a visitor with a cart). */
const lineColumns = {
  line: cartLines,
  sku: { id: skus.id, options: skus.options, price: skus.price, stock: skus.stock },
  product: lineProductColumns,
  image: productImages,
};
type Row = {
  line: typeof cartLines.$inferSelect;
  sku: Pick<typeof skus.$inferSelect, keyof typeof lineColumns.sku>;
  product: Pick<typeof products.$inferSelect, keyof typeof lineColumns.product>;
  /** The SKU's own image. */
  image: typeof productImages.$inferSelect | null;
};

/** Takes out what cannot be had and brings lines above the stock down to it; what changed, by row. */
async function settleAvailability(db: Db, rows: Row[]): Promise<{ kept: Row[]; changed: { row: Row; removed: number }[] }> {
  const kept: Row[] = [];
  const changed: { row: Row; removed: number }[] = [];
  const gone: number[] = [];
  for (const row of rows) {
    const most = row.product.status === 'active' ? Math.min(row.sku.stock, MAX_LINE_QUANTITY) : 0;
    if (most <= 0) {
      gone.push(row.line.id);
      changed.push({ row, removed: row.line.quantity });
    } else if (row.line.quantity > most) {
      await db.update(cartLines).set({ quantity: most }).where(eq(cartLines.id, row.line.id));
      changed.push({ row, removed: row.line.quantity - most });
      kept.push({ ...row, line: { ...row.line, quantity: most } });
    } else {
      kept.push(row);
    }
  }
  if (gone.length) await db.delete(cartLines).where(inArray(cartLines.id, gone));
  return { kept, changed };
}

export async function readCart(
  db: Db,
  promotions: Promotions,
  visitorId: string,
  { locale, currency, baseCurrency: base }: Shopper,
): Promise<Cart> {
  const money = moneyIn(currency, base);
  const [found] = await db
    .select({
      id: carts.id,
      couponCode: carts.couponCode,
      giftSkuId: cartGifts.skuId,
      giftPromotionId: cartGifts.promotionId,
    })
    .from(carts)
    .leftJoin(cartGifts, eq(cartGifts.cartId, carts.id))
    .where(eq(carts.visitorId, visitorId));
  const id = found?.id ?? null;
  const coupon = found?.couponCode ? await usableCoupon(db, found.couponCode) : null;
  const rows: Row[] =
    id === null
      ? []
      : await db
          .select(lineColumns)
          .from(cartLines)
          .innerJoin(skus, eq(skus.id, cartLines.skuId))
          .innerJoin(products, eq(products.id, skus.productId))
          .leftJoin(productImages, eq(productImages.id, skus.imageId))
          .where(eq(cartLines.cartId, id))
          .orderBy(asc(cartLines.addedAt), asc(cartLines.id));
  const { kept, changed } = await settleAvailability(db, rows);
  const removed: CartRemovedLine[] = changed.map(({ row, removed: quantity }) => ({
    title: localize(row.product.title, locale),
    quantity,
  }));

  const priced: PricedLine[] = kept.map(({ line, sku, product }) => ({
    key: line.id,
    productId: product.id,
    quantity: line.quantity,
    unitPrice: money.money(sku.price).amount,
    baseUnitPrice: sku.price,
  }));
  const { rules, titles } = await promotions.forPricing(locale);
  const total = calculateTotal({
    lines: priced,
    promotions: rules,
    coupon: coupon ? couponRule(coupon) : null,
    convert: (amount) => money.money(amount).amount,
  });
  // Hints are read on base amounts after item promotions, like the tiers they point at.
  const baseSpend = calculateTotal({
    lines: priced.map((l) => ({ ...l, unitPrice: l.baseUnitPrice })),
    promotions: rules.filter((p) => p.kind !== 'threshold'),
    convert: (amount) => amount,
  }).subtotalPrice;
  const offers = await giftOffers(db, promotions, locale, giftSpend(priced, rules));
  const held =
    found?.giftSkuId != null && found.giftPromotionId != null
      ? { skuId: found.giftSkuId, promotionId: found.giftPromotionId }
      : null;
  const { gift, removed: giftRemoved } =
    id === null ? { gift: null, removed: [] } : await settleGift(db, id, held, offers, locale, money);
  removed.push(...giftRemoved);
  const hints: CartHint[] = cartHints(priced, rules, baseSpend).map((hint) => ({
    promotion: titles.get(hint.promotionId) ?? '',
    by: hint.by,
    ...(hint.by === 'quantity' ? { more: hint.more } : { moreSpend: money.money(hint.more) }),
    ...(hint.percentOff !== undefined ? { percentOff: hint.percentOff } : {}),
    ...(hint.amountOff !== undefined ? { amountOff: money.money(hint.amountOff) } : {}),
  }));

  const amount = (value: number) => ({ amount: value, currencyCode: currency.code });
  const lines: CartLine[] = kept.map(({ line, sku, product, image }, i) => {
    const lineTotal = total.lines.find((l) => l.key === line.id)!;
    return {
      id: line.id,
      skuId: sku.id,
      productId: product.id,
      handle: product.handle,
      title: localize(product.title, locale),
      options: optionValues(product.options, sku.options, locale),
      image: image ? toImage(image, locale) : null,
      quantity: line.quantity,
      unitPrice: amount(priced[i]!.unitPrice),
      lineTotal: amount(lineTotal.lineTotal),
      discount: amount(lineTotal.promotion),
      discountedTotal: amount(lineTotal.lineTotal - lineTotal.promotion),
      maxQuantity: Math.min(sku.stock, MAX_LINE_QUANTITY),
      available: true,
    };
  });
  return {
    lines,
    quantity: lines.reduce((n, l) => n + l.quantity, 0),
    subtotal: amount(total.totalLineItemsPrice),
    totals: cartTotals(total, amount),
    hints,
    removed,
    coupon: found?.couponCode ? { code: found.couponCode, applied: total.couponApplied } : null,
    gift,
    giftOffers: offers.map((offer) => giftOfferView(offer, money)),
  };
}

/** calculateTotal's amounts as Money of the shown currency. */
export function cartTotals(
  total: OrderTotals,
  amount: (value: number) => { amount: number; currencyCode: string },
): Cart['totals'] {
  return {
    totalLineItemsPrice: amount(total.totalLineItemsPrice),
    totalPromotion: amount(total.totalPromotion),
    totalCoupon: amount(total.totalCoupon),
    totalDiscounts: amount(total.totalDiscounts),
    subtotalPrice: amount(total.subtotalPrice),
    totalShippingPrice: amount(total.totalShippingPrice),
    totalPrice: amount(total.totalPrice),
  };
}

/** The same, with the shipping insurance and tip a checkout adds (a checkout's, an order's). */
export function checkoutTotals(
  total: OrderTotals,
  amount: (value: number) => { amount: number; currencyCode: string },
): CheckoutTotals {
  return {
    ...cartTotals(total, amount),
    shippingInsurancePrice: amount(total.shippingInsurancePrice),
    tipPrice: amount(total.tipPrice),
  };
}
