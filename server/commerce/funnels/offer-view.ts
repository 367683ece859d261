// What a buyer is shown of a one-click offer (offers.ts): the offer as the API answers it (its product, the
// size held, its price against the full one, the other sizes on offer and what each costs, the wallet of a
// sheet offer, the coupon applied), and the offer price of a SKU: its base price less the step's discount,
// less a checkout trigger's coupon, in the main order's currency.
import { asc, eq } from 'drizzle-orm';
import type { FunnelOffer } from '../../../schemas/generated/api';
import { localize } from '../../../schemas/localized-text';
import type { Db } from '../../db/connect';
import { skus } from '../../db/catalog-schema';
import { orderLines, orders } from '../../db/order-schema';
import type { OfferedMethod } from '../../payments/registry';
import { skuDetails, variantText } from '../catalog/sku-details';
import type { OrderRow } from '../orders/place-order';
import type { Currency } from '../pricing/currency';
import { moneyIn } from '../pricing/pricing';
import { lessPercent } from '../pricing/promotion-math';
import type { OfferRow } from './offer-state';
import type { OfferPricing } from './offer-source';
import { signOffer } from './offer-token';

/** What an offer is shown with: its step's type and what it is priced with. */
export type OfferTerms = OfferPricing & { type: string };

/**
 * What a coupon takes off an offer's price (base minor units): nothing below its minimum spend; its
 * percent (rounded to whole units), or its amount up to the price.
 */
export function couponOff(amount: number, coupon: OfferPricing['coupon']): number {
  if (!coupon || amount < coupon.minSpend) return 0;
  if (coupon.percentOff) return amount - lessPercent(amount, coupon.percentOff);
  return Math.min(coupon.amountOff ?? 0, amount);
}

/** The totals of an offer's order at a price (it ships with its main order: no shipping, insurance or tip). */
export function offerTotals(price: { line: number; coupon: number; amount: number }) {
  return {
    totalLineItemsPrice: price.line,
    totalPromotion: 0,
    totalCoupon: price.coupon,
    totalDiscounts: price.coupon,
    subtotalPrice: price.amount,
    totalShippingPrice: 0,
    shippingInsurancePrice: 0,
    tipPrice: 0,
    totalPrice: price.amount,
  };
}

/** An offer's status as the API names it: a claim being charged is still an open offer. */
export const shownStatus = (status: OfferRow['status']) => (status === 'accepting' ? 'shown' : status);

export interface OfferViewDeps {
  key: Buffer;
  method(code: string): Promise<OfferedMethod | undefined>;
  /** A currency of the shop and its base currency (the offer is priced in the main order's currency). */
  currency(code: string | undefined): Promise<{ currency: Currency; base: Currency }>;
}

export function createOfferViews(db: Db, deps: OfferViewDeps) {
  /** The offer as its buyer sees it; `terms` are its step's (a funnel's, or its checkout trigger's). */
  async function view(row: OfferRow, main: OrderRow, terms: OfferTerms): Promise<FunnelOffer> {
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, row.orderId!));
    const [offerOrder] = await db.select().from(orders).where(eq(orders.id, row.orderId!));
    const details = (await skuDetails(db, [line!.skuId], main.locale)).get(line!.skuId)!;
    const currencyCode = offerOrder!.currencyCode!;
    const compareAt = line!.unitPrice !== offerOrder!.totalBase ? line!.unitPrice : null;
    return {
      token: signOffer(deps.key, row.token, row.expiresAt),
      stepId: row.stepId,
      type: terms.type as 'upsell' | 'downsell',
      source: row.triggerId !== null ? 'shop' : 'funnel',
      path: row.path!,
      status: shownStatus(row.status) as FunnelOffer['status'],
      expiresAt: row.expiresAt.toISOString(),
      orderToken: main.token!,
      product: {
        handle: details.handle,
        title: details.title,
        variant: variantText(details.options),
        image: details.image,
      },
      quantity: line!.quantity,
      price: { amount: offerOrder!.totals!.totalPrice, currencyCode },
      compareAtPrice: compareAt !== null ? { amount: line!.price ?? 0, currencyCode } : null,
      discountPercent: terms.discount ?? 0,
      ...(terms.coupon && offerOrder!.couponCode ? { couponCode: offerOrder!.couponCode } : {}),
      ...(row.path === 'sheet' ? await sheetOf(main) : {}),
      skuId: line!.skuId,
      ...(await choicesOf(line!.productId, line!.skuId, terms, main)),
    };
  }

  /**
   * The offer's price of a SKU's base price, in the main order's currency: `line` less the step's discount,
   * `amount` (what is charged) less the coupon too, `coupon` what the coupon took, `full` the usual price.
   */
  async function price(basePrice: number, pricing: OfferPricing, currencyCode: string | null) {
    const { currency, base } = await deps.currency(currencyCode ?? undefined);
    const offered = lessPercent(basePrice, pricing.discount ?? 0);
    const baseAmount = offered - couponOff(offered, pricing.coupon);
    const { money } = moneyIn(currency, base);
    const line = money(offered).amount;
    const amount = money(baseAmount).amount;
    return { baseAmount, amount, line, coupon: line - amount, full: money(basePrice).amount, currencyCode: currency.code };
  }

  /** The product's SKUs the buyer may choose from (sizes, colours), when it has more than one. */
  async function choicesOf(
    productId: number,
    held: number,
    pricing: OfferPricing,
    main: OrderRow,
  ): Promise<Pick<FunnelOffer, 'skus'>> {
    const rows = await db
      .select({ id: skus.id, stock: skus.stock })
      .from(skus)
      .where(eq(skus.productId, productId))
      .orderBy(asc(skus.id));
    if (rows.length < 2) return {};
    const details = await skuDetails(
      db,
      rows.map((r) => r.id),
      main.locale ?? 'en',
    );
    return {
      skus: await Promise.all(
        rows.map(async (r) => {
          const d = details.get(r.id)!;
          const offered = await price(d.basePrice, pricing, main.currencyCode);
          return {
            id: r.id,
            variant: variantText(d.options),
            // The one held for the buyer is theirs whatever is left on the shelf.
            available: r.id === held || r.stock > 0,
            price: { amount: offered.amount, currencyCode: offered.currencyCode },
            compareAtPrice: offered.full !== offered.amount ? { amount: offered.full, currencyCode: offered.currencyCode } : null,
            image: d.image,
          };
        }),
      ),
    };
  }

  /** The wallet whose sheet approves a sheet offer: its code and its name. */
  async function sheetOf(main: OrderRow): Promise<Pick<FunnelOffer, 'method' | 'methodName'>> {
    const code = main.paymentMethod ?? '';
    const method = code ? await deps.method(code) : undefined;
    return { method: code, methodName: method ? localize(method.name, main.locale ?? 'en') : code };
  }

  return { view, price };
}
