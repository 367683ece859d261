// The price of some SKUs in some quantities with the active promotions, without a cart (spec section 7:
// POST api/shopping-carts/skus/calculatePromotePrice): what a bundle or a quantity would cost. Checkouts and
// orders are priced here too, and this is the one place that knows a gift costs nothing: a line marked
// `gift` (only the server marks one, when a checkout starts from a cart holding a gift) is priced 0 and
// left out of calculateTotal, so it takes no promotion or coupon and counts towards no condition.
import { eq, inArray } from 'drizzle-orm';
import type { PromotePrice } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import { products, skus } from '../../db/catalog-schema';
import type { Promotions } from '../catalog/promotions';
import { ShopError } from '../errors';
import { calculateTotal, type CalculatedTotal, type CouponRule } from '../pricing/calculate-total';
import type { Shopper } from '../shopper';
import { moneyIn } from '../pricing/pricing';
import { cartTotals } from './read-cart';

/** What pricing needs of a SKU: its base price, product and whether that product is on sale. */
export interface SkuPriceRow {
  id: number;
  price: number;
  productId: number;
  status: 'active' | 'archived';
}

export async function priceItems(
  db: Db,
  promotions: Promotions,
  items: { skuId: number; quantity: number; gift?: boolean }[],
  shopper: Shopper,
  /** A checkout's coupon, shipping (base minor units), insurance percent and tip (base minor units). */
  extras: PriceExtras = {},
): Promise<PromotePrice & { total: CalculatedTotal }> {
  const rows = await db
    .select({ id: skus.id, price: skus.price, productId: skus.productId, status: products.status })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(inArray(skus.id, [...new Set(items.map((i) => i.skuId))]));
  return priceRows(rows, promotions, items, shopper, extras);
}

export type PriceExtras = { coupon?: CouponRule | null; shipping?: number; insurancePercent?: number | null; tip?: number };

/** The same, for SKU rows already read (a checkout prices them twice: for its shipping spend, then in full). */
export async function priceRows(
  rows: SkuPriceRow[],
  promotions: Promotions,
  items: { skuId: number; quantity: number; gift?: boolean }[],
  { locale, currency, baseCurrency: base }: Shopper,
  extras: PriceExtras = {},
): Promise<PromotePrice & { total: CalculatedTotal }> {
  for (const id of new Set(items.map((i) => i.skuId))) {
    const row = rows.find((r) => r.id === id);
    if (!row) throw new ShopError('noSku', `There is no SKU ${id}.`);
    if (row.status !== 'active') throw new ShopError('removedFromShelf', 'This product has been removed from the shelf.');
  }
  const money = moneyIn(currency, base);
  const lines = items.map((item, i) => {
    const row = rows.find((r) => r.id === item.skuId)!;
    return {
      key: i + 1,
      productId: row.productId,
      quantity: item.quantity,
      unitPrice: item.gift ? 0 : money.money(row.price).amount,
      baseUnitPrice: item.gift ? 0 : row.price,
    };
  });
  const convert = (a: number) => money.money(a).amount;
  const total = calculateTotal({
    lines: lines.filter((_, i) => !items[i]!.gift),
    promotions: (await promotions.forPricing(locale)).rules,
    coupon: extras.coupon ?? null,
    shipping: convert(extras.shipping ?? 0),
    insurancePercent: extras.insurancePercent ?? null,
    tip: convert(extras.tip ?? 0),
    convert,
  });
  const amount = (value: number) => ({ amount: value, currencyCode: currency.code });
  return {
    lines: items.map((item, i) => {
      // A gift is the one line left out of calculateTotal (it costs 0); any other line it did not price
      // is a fault, never a line for nothing.
      if (item.gift)
        return { skuId: item.skuId, quantity: item.quantity, unitPrice: amount(0), lineTotal: amount(0), discount: amount(0) };
      const priced = total.lines.find((l) => l.key === lines[i]!.key);
      if (!priced) throw new Error(`The line of SKU ${item.skuId} was not priced.`);
      return {
        skuId: item.skuId,
        quantity: item.quantity,
        unitPrice: amount(lines[i]!.unitPrice),
        lineTotal: amount(priced.lineTotal),
        discount: amount(priced.promotion),
      };
    }),
    totals: cartTotals(total, amount),
    total,
  };
}
