// The seed steps of the catalog and what came with it: products, SKUs, collections and pages; the site
// settings and reference data; reviews, the demo orders behind bestseller sorting and promotions; gift
// promotions, reference data added since, and product weights with the Economy way of shipping.
import { eq, inArray, sql } from 'drizzle-orm';
import {
  collectionProducts,
  collections,
  productImages,
  productReviews,
  products,
  promotionProducts,
  promotions,
  skus,
} from './catalog-schema';
import type { Executor } from './connect';
import { orderLines, orders } from './order-schema';
import { pages, pageVersions } from './page-schema';
import { referenceData, siteSettings } from './schema';
import type { PromotionFixture, SeedStep } from './seed-fixtures';

const productIdsByHandle = async (tx: Executor) =>
  new Map((await tx.select({ id: products.id, handle: products.handle }).from(products)).map((p) => [p.handle, p.id]));

function idOf(ids: Map<string, number>, handle: string, where: string): number {
  const id = ids.get(handle);
  if (id === undefined) throw new Error(`fixtures: ${where} names an unknown product ${handle}`);
  return id;
}

export const catalogStep: SeedStep = {
  mark: 'seeded_at',
  async run(tx, fixtures) {
    const sizeOf = (file: string) => {
      const size = fixtures.imageSizes.get(file);
      if (!size) throw new Error(`fixtures: the image ${file} is missing`);
      return size;
    };
    await tx.insert(siteSettings).values({ id: 1, data: fixtures.site });
    for (const p of fixtures.products) {
      const [row] = await tx
        .insert(products)
        .values({
          handle: p.handle,
          title: p.title,
          description: p.description,
          vendor: p.vendor,
          productType: p.productType,
          tags: p.tags,
          status: p.status,
          options: p.options,
          createdAt: new Date(p.createdAt),
        })
        .returning({ id: products.id });
      const images = p.images.length
        ? await tx
            .insert(productImages)
            .values(
              p.images.map((image, position) => ({
                productId: row!.id,
                file: image.file,
                alt: image.alt,
                color: image.color ?? null,
                position,
                ...sizeOf(image.file),
              })),
            )
            .returning({ id: productImages.id, file: productImages.file })
        : [];
      const imageIds = new Map(images.map((i) => [i.file, i.id]));
      await tx.insert(skus).values(
        p.skus.map((s) => ({
          productId: row!.id,
          code: s.code,
          options: s.options,
          price: s.price,
          compareAtPrice: s.compareAtPrice ?? null,
          stock: s.stock,
          weight: p.weight ?? 0,
          imageId: s.image ? (imageIds.get(s.image) ?? null) : null,
        })),
      );
    }
    const ids = await productIdsByHandle(tx);
    for (const c of fixtures.collections) {
      const [row] = await tx
        .insert(collections)
        .values({
          handle: c.handle,
          title: c.title,
          description: c.description,
          image: c.image ? { file: c.image, ...sizeOf(c.image) } : null,
        })
        .returning({ id: collections.id });
      const members = c.products.map((handle, position) => ({
        collectionId: row!.id,
        productId: idOf(ids, handle, `collection ${c.handle}`),
        position,
      }));
      if (members.length) await tx.insert(collectionProducts).values(members);
    }
    for (const page of fixtures.pages) {
      const [row] = await tx
        .insert(pages)
        .values({ handle: page.handle, kind: page.kind, liveVersion: 1 })
        .returning({ id: pages.id });
      await tx.insert(pageVersions).values({ pageId: row!.id, version: 1, body: page.body });
    }
  },
};

export const extrasStep: SeedStep = {
  mark: 'seeded:catalog-extras',
  async run(tx, fixtures, now) {
    // Site settings of an older seed gain the keys they lack (currencies, theme settings…).
    const [site] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1));
    await tx
      .update(siteSettings)
      .set({ data: { ...fixtures.site, ...site!.data }, updatedAt: now })
      .where(eq(siteSettings.id, 1));
    for (const [key, value] of Object.entries(fixtures.reference)) {
      await tx.insert(referenceData).values({ key, value }).onConflictDoNothing();
    }
    // Pages added to the fixtures since (footer pages…), when the merchant has none of that handle.
    const existing = new Set((await tx.select({ handle: pages.handle }).from(pages)).map((p) => p.handle));
    for (const page of fixtures.pages.filter((p) => !existing.has(p.handle))) {
      const [row] = await tx
        .insert(pages)
        .values({ handle: page.handle, kind: page.kind, liveVersion: 1 })
        .returning({ id: pages.id });
      await tx.insert(pageVersions).values({ pageId: row!.id, version: 1, body: page.body });
    }

    const ids = await productIdsByHandle(tx);
    if (fixtures.reviews.length) {
      await tx.insert(productReviews).values(
        fixtures.reviews.map((r) => ({
          productId: idOf(ids, r.product, 'a review'),
          author: r.author,
          rating: r.rating,
          title: r.title,
          body: r.body,
          verified: r.verified,
          helpful: r.helpful,
          locale: r.locale,
          createdAt: new Date(r.createdAt),
        })),
      );
    }

    const codes = [...new Set(fixtures.orders.flatMap((o) => o.lines.map((l) => l.sku)))];
    const skuRows = codes.length
      ? await tx
          .select({ id: skus.id, code: skus.code, productId: skus.productId, price: skus.price })
          .from(skus)
          .where(inArray(skus.code, codes))
      : [];
    const skuByCode = new Map(skuRows.map((s) => [s.code, s]));
    const startOfDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    for (const [index, order] of fixtures.orders.entries()) {
      // Orders "today" that would lie in the future are placed just before now.
      const at = Math.min(startOfDay - order.daysAgo * 86_400_000 + order.hour * 3_600_000, now.getTime() - (index + 1) * 1000);
      const [row] = await tx
        .insert(orders)
        .values({ status: 'paid', createdAt: new Date(at) })
        .returning({ id: orders.id });
      await tx.insert(orderLines).values(
        order.lines.map((line) => {
          const sku = skuByCode.get(line.sku);
          if (!sku) throw new Error(`fixtures: an order names an unknown SKU ${line.sku}`);
          return { orderId: row!.id, productId: sku.productId, skuId: sku.id, quantity: line.quantity, unitPrice: sku.price };
        }),
      );
    }

    // Gift promotions came later and have their own step (giftsStep).
    for (const p of fixtures.promotions.filter((p) => p.type !== 'gift')) await insertPromotion(tx, ids, p);
  },
};

async function insertPromotion(tx: Executor, ids: Map<string, number>, p: PromotionFixture): Promise<void> {
  const { handle, type, title, description, products: members = [], startsAt, endsAt, ...rules } = p;
  const [row] = await tx
    .insert(promotions)
    .values({
      handle,
      type,
      title,
      description: description ?? {},
      rules,
      startsAt: new Date(startsAt),
      endsAt: endsAt ? new Date(endsAt) : null,
    })
    .onConflictDoNothing({ target: promotions.handle })
    .returning({ id: promotions.id });
  if (row && members.length) {
    await tx.insert(promotionProducts).values(
      members.map((handle, position) => ({
        promotionId: row.id,
        productId: idOf(ids, handle, `promotion ${p.handle}`),
        position,
      })),
    );
  }
}

/** Gift promotions (a free gift over a spend): a merchant's own promotion of the same handle is left alone. */
export const giftsStep: SeedStep = {
  mark: 'seeded:gifts',
  async run(tx, fixtures) {
    const gifts = fixtures.promotions.filter((p) => p.type === 'gift');
    if (!gifts.length) return;
    const codes = new Set(
      (
        await tx
          .select({ code: skus.code })
          .from(skus)
          .where(
            inArray(
              skus.code,
              gifts.flatMap((g) => g.gift?.skus ?? []),
            ),
          )
      ).map((s) => s.code),
    );
    for (const p of gifts) {
      const unknown = (p.gift?.skus ?? []).filter((code) => !codes.has(code));
      if (!p.gift || unknown.length)
        throw new Error(`fixtures: gift promotion ${p.handle} names unknown SKUs ${unknown.join(', ')}`);
      await insertPromotion(tx, new Map(), p);
    }
  },
};

/** Reference data added to the fixtures since (checkout settings, shipping templates): the keys a database lacks. */
export const referenceStep: SeedStep = {
  mark: 'seeded:reference-2',
  async run(tx, fixtures) {
    for (const [key, value] of Object.entries(fixtures.reference)) {
      await tx.insert(referenceData).values({ key, value }).onConflictDoNothing();
    }
  },
};

/**
 * Weights of the demo products and the Economy way of shipping (priced by weight), for databases seeded
 * before them: a SKU weighed already and a merchant's own template 5 are left alone.
 */
export const weightsStep: SeedStep = {
  mark: 'seeded:weights',
  async run(tx, fixtures) {
    for (const p of fixtures.products) {
      if (p.weight === undefined) continue;
      await tx.execute(
        sql`update skus set weight = ${p.weight} where weight = 0 and product_id = (select id from products where handle = ${p.handle})`,
      );
    }
    const wanted = (fixtures.reference.checkout as { shippingTemplates?: { id: number }[] } | undefined)?.shippingTemplates ?? [];
    const [stored] = await tx.select().from(referenceData).where(eq(referenceData.key, 'checkout'));
    const value = stored?.value as { shippingTemplates?: { id: number }[] } | undefined;
    if (!value?.shippingTemplates) return;
    const missing = wanted.filter((t) => !value.shippingTemplates!.some((s) => s.id === t.id));
    if (missing.length) {
      await tx
        .update(referenceData)
        .set({ value: { ...value, shippingTemplates: [...value.shippingTemplates, ...missing] } })
        .where(eq(referenceData.key, 'checkout'));
    }
  },
};
