// What a buyer is shown of a one-click offer (offers.ts): the offer as the API answers it (its product, the
// size held, its price against the full one, the other sizes on offer and what each costs, the wallet of a
// sheet offer), and the offer price of a SKU: its base price less the step's discount, in the main order's
// currency.
import { asc, eq } from 'drizzle-orm';
import type { FunnelOffer } from '../../../schemas/generated/api';
import type { FunnelStep } from '../../../schemas/generated/funnel';
import { localize } from '../../../schemas/localized-text';
import type { Db } from '../../db/connect';
import { orderLines, orders, skus } from '../../db/schema';
import type { OfferedMethod } from '../../payments/registry';
import { skuDetails, variantText } from '../catalog/sku-details';
import type { OrderRow } from '../orders/place-order';
import type { Currency } from '../pricing/currency';
import { moneyIn } from '../pricing/pricing';
import { lessPercent } from '../pricing/promotion-math';
import type { OfferRow } from './offer-state';
import { signOffer } from './offer-token';

/** An offer's status as the API names it: a claim being charged is still an open offer. */
export const shownStatus = (status: OfferRow['status']) => (status === 'accepting' ? 'shown' : status);

export interface OfferViewDeps {
  key: Buffer;
  method(code: string): Promise<OfferedMethod | undefined>;
  /** A currency of the shop and its base currency (the offer is priced in the main order's currency). */
  currency(code: string | undefined): Promise<{ currency: Currency; base: Currency }>;
}

export function createOfferViews(db: Db, deps: OfferViewDeps) {
  async function view(row: OfferRow, main: OrderRow, step: FunnelStep): Promise<FunnelOffer> {
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, row.orderId!));
    const [offerOrder] = await db.select().from(orders).where(eq(orders.id, row.orderId!));
    const details = (await skuDetails(db, [line!.skuId], main.locale)).get(line!.skuId)!;
    const currencyCode = offerOrder!.currencyCode!;
    const compareAt = line!.unitPrice !== offerOrder!.totalBase ? line!.unitPrice : null;
    return {
      token: signOffer(deps.key, row.token, row.expiresAt),
      stepId: row.stepId,
      type: step.type as 'upsell' | 'downsell',
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
      discountPercent: step.discount ?? 0,
      ...(row.path === 'sheet' ? await sheetOf(main) : {}),
      skuId: line!.skuId,
      ...(await choicesOf(line!.productId, line!.skuId, step, main)),
    };
  }

  /** The offer's price of a SKU's base price: less the step's discount, in the main order's currency. */
  async function price(basePrice: number, step: Pick<FunnelStep, 'discount'>, currencyCode: string | null) {
    const { currency, base } = await deps.currency(currencyCode ?? undefined);
    const baseAmount = lessPercent(basePrice, step.discount ?? 0);
    const { money } = moneyIn(currency, base);
    return { baseAmount, amount: money(baseAmount).amount, full: money(basePrice).amount, currencyCode: currency.code };
  }

  /** The product's SKUs the buyer may choose from (sizes, colours), when it has more than one. */
  async function choicesOf(
    productId: number,
    held: number,
    step: Pick<FunnelStep, 'discount'>,
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
          const offered = await price(d.basePrice, step, main.currencyCode);
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
