// Active promotions (volume discounts, bundles, spend-and-save thresholds) and the price of a quantity
// of one SKU with its volume discount (spec: singlePromotion). Prices in the visitor's currency.
import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Promotion, PromotionTier, SinglePromotionResult } from '../../../schemas/generated/api';
import { localize } from '../../../schemas/localized-text';
import type { Db } from '../../db/connect';
import { products, promotionProducts, promotions, skus } from '../../db/catalog-schema';
import type { CacheGroup } from '../cache';
import { ShopError } from '../errors';
import type { Promotion as PricingPromotion } from '../pricing/calculate-total';
import type { Shopper } from '../shopper';
import { moneyIn } from '../pricing/pricing';
import { bundlePrice, lessPercent, volumeTierFor } from '../pricing/promotion-math';
import type { Catalog } from './catalog';

type PromotionRow = typeof promotions.$inferSelect & { productIds: number[] };

export function createPromotions(db: Db, catalog: Catalog, caches: CacheGroup) {
  const activeCache = caches.readThrough<PromotionRow[]>({ max: 1 });

  async function loadActive(now: Date): Promise<PromotionRow[]> {
    const rows = await db
      .select()
      .from(promotions)
      .where(and(lte(promotions.startsAt, now), or(isNull(promotions.endsAt), gt(promotions.endsAt, now))))
      .orderBy(asc(promotions.id));
    if (!rows.length) return [];
    const members = await db
      .select()
      .from(promotionProducts)
      .where(
        inArray(
          promotionProducts.promotionId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(promotionProducts.position));
    return rows.map((r) => ({ ...r, productIds: members.filter((m) => m.promotionId === r.id).map((m) => m.productId) }));
  }

  const active = () => activeCache.get('active', () => loadActive(new Date()));

  return {
    /** The active promotions as calculateTotal reads them (base-currency amounts), with their titles. */
    async forPricing(locale: string): Promise<{ rules: PricingPromotion[]; titles: Map<number, string> }> {
      // Gift promotions take nothing off: the cart offers their gifts (cart/gift-offers.ts).
      const rows = (await active()).filter((row) => row.type !== 'gift');
      const rules = rows.map((row): PricingPromotion => {
        if (row.type === 'bundle')
          return { kind: 'bundle', id: row.id, productIds: row.productIds, percentOff: row.rules.percentOff ?? 0 };
        if (row.type === 'volume') {
          const tiers = (row.rules.tiers ?? []).flatMap((t) =>
            t.minQuantity !== undefined && t.percentOff !== undefined
              ? [{ minQuantity: t.minQuantity, percentOff: t.percentOff }]
              : [],
          );
          return { kind: 'volume', id: row.id, productIds: row.productIds, tiers };
        }
        return { kind: 'threshold', id: row.id, tiers: row.rules.tiers ?? [] };
      });
      return { rules, titles: new Map(rows.map((row) => [row.id, localize(row.title, locale)])) };
    },

    /** The active gift promotions (their rules name the gift SKUs by code), read through the same cache. */
    async gifts(locale: string): Promise<{ id: number; title: string; minSubtotal: number; skuCodes: string[] }[]> {
      return (await active()).flatMap((row) =>
        row.type === 'gift' && row.rules.gift
          ? [
              {
                id: row.id,
                title: localize(row.title, locale),
                minSubtotal: row.rules.gift.minSubtotal,
                skuCodes: row.rules.gift.skus,
              },
            ]
          : [],
      );
    },

    /** With a product: the volume and bundle offers that include it, and the site-wide ones; else all. */
    async active(productId: number | null, { locale, currency, baseCurrency: base }: Shopper): Promise<Promotion[]> {
      const money = moneyIn(currency, base);
      const rows = (await active()).filter(
        (p) => productId === null || p.type === 'threshold' || p.productIds.includes(productId),
      );
      return Promise.all(
        rows.map(async (row): Promise<Promotion> => {
          const cards = await catalog.cards(row.productIds, { locale, currency: base, baseCurrency: base });
          const common = {
            id: row.id,
            handle: row.handle,
            type: row.type,
            title: localize(row.title, locale),
            description: localize(row.description, locale),
            startsAt: row.startsAt.toISOString(),
            endsAt: row.endsAt?.toISOString() ?? null,
            products: cards.map((card) => ({ ...card, ...money.priced(card.price.amount, card.compareAtPrice?.amount ?? null) })),
          };
          if (row.type === 'bundle') {
            const percentOff = row.rules.percentOff ?? 0;
            const { total, compareAt } = bundlePrice(
              cards.map((c) => c.price.amount),
              percentOff,
            );
            return {
              ...common,
              tiers: [],
              percentOff,
              bundlePrice: money.money(total),
              bundleCompareAtPrice: money.money(compareAt),
            };
          }
          const own = productId !== null ? cards.find((c) => c.id === productId) : undefined;
          const tiers: PromotionTier[] = (row.rules.tiers ?? []).map((tier) => ({
            ...(tier.minQuantity !== undefined ? { minQuantity: tier.minQuantity } : {}),
            ...(tier.minSubtotal !== undefined ? { minSubtotal: money.money(tier.minSubtotal) } : {}),
            ...(tier.percentOff !== undefined ? { percentOff: tier.percentOff } : {}),
            ...(tier.amountOff !== undefined ? { amountOff: money.money(tier.amountOff) } : {}),
            ...(row.type === 'volume' && own && tier.percentOff !== undefined
              ? { unitPrice: money.money(lessPercent(own.price.amount, tier.percentOff)) }
              : {}),
          }));
          return { ...common, tiers };
        }),
      );
    },

    /** The price of `quantity` items of a SKU with the volume discount it reaches. */
    async single(
      skuId: number,
      quantity: number,
      { locale, currency, baseCurrency: base }: Shopper,
    ): Promise<SinglePromotionResult> {
      const [row] = await db
        .select({ price: skus.price, productId: skus.productId, status: products.status })
        .from(skus)
        .innerJoin(products, eq(products.id, skus.productId))
        .where(eq(skus.id, skuId));
      if (!row) throw new ShopError('noSku', `There is no SKU ${skuId}.`);
      if (row.status !== 'active') throw new ShopError('removedFromShelf', 'This product has been removed from the shelf.');
      const volume = (await active()).filter((p) => p.type === 'volume' && p.productIds.includes(row.productId));
      let best: { percentOff: number; promotion: PromotionRow } | null = null;
      for (const promotion of volume) {
        const tier = volumeTierFor(promotion.rules.tiers ?? [], quantity);
        if (tier?.percentOff && (!best || tier.percentOff > best.percentOff)) best = { percentOff: tier.percentOff, promotion };
      }
      const money = moneyIn(currency, base);
      const original = money.money(row.price);
      // The unit price is converted first, so that unit price x quantity is exactly the total shown.
      const unit = money.money(best ? lessPercent(row.price, best.percentOff) : row.price);
      return {
        skuId,
        quantity,
        unitPrice: unit,
        originalUnitPrice: original,
        total: { amount: unit.amount * quantity, currencyCode: unit.currencyCode },
        saved: { amount: (original.amount - unit.amount) * quantity, currencyCode: unit.currencyCode },
        percentOff: best?.percentOff ?? 0,
        promotion: best ? { handle: best.promotion.handle, title: localize(best.promotion.title, locale) } : null,
      };
    },
  };
}

export type Promotions = ReturnType<typeof createPromotions>;
