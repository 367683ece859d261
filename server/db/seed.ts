// Fills a database with the demo shop from fixtures/, in named steps. Each step runs once (a mark in
// `meta` records it), so a database seeded by an older version gets only the steps it lacks, and later
// starts leave the data as it is. Concurrent starts take turns (an advisory lock).
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { CheckoutTriggerRequest } from '../../schemas/generated/api';
import type { Db, Executor } from './connect';
import { seedCheckoutTriggers } from './seed-checkout-triggers';
import { couponRow, type CouponFixture } from './seed-coupons';

export type { CouponFixture };
import type { ProductOption, PromotionRules } from './catalog-schema';
import type { LocalizedText } from './schema';
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
import { coupons } from './checkout-schema';
import { funnels, funnelVersions } from './funnel-schema';
import { fulfillmentEvents, orderLines, orders } from './order-schema';
import { pages, pageVersions } from './page-schema';
import { paymentMethods } from './payment-schema';
import { meta, referenceData, siteSettings } from './schema';

export interface ProductFixture {
  handle: string;
  title: LocalizedText;
  description: LocalizedText;
  vendor: string;
  productType: string;
  tags: string[];
  status: 'active' | 'archived';
  createdAt: string;
  options: ProductOption[];
  images: { file: string; alt: LocalizedText; color?: string }[];
  /** Grams of one unit, for shipping by weight (every SKU of the product). */
  weight?: number;
  skus: {
    code: string;
    options: Record<string, string>;
    price: number;
    compareAtPrice?: number;
    stock: number;
    image?: string;
  }[];
}

export interface CollectionFixture {
  handle: string;
  title: LocalizedText;
  description: LocalizedText;
  image?: string;
  products: string[];
}

export interface ReviewFixture {
  product: string;
  author: string;
  rating: number;
  title: string;
  body: string;
  verified: boolean;
  helpful: number;
  createdAt: string;
  locale: string;
}

export interface OrderFixture {
  /** Days before the seeding day (0: that day), and the hour of that day: bestsellers stay current. */
  daysAgo: number;
  hour: number;
  lines: { sku: string; quantity: number }[];
}

/** fixtures/tracking.json: shipping of the seeded demo orders (`order`: its place in orders.json, from 1). */
export interface TrackingFixture {
  order: number;
  trackingNumber: string;
  carrier: string;
  fulfillmentStatus: 'fulfilled' | 'shipped' | 'delivered';
  email: string;
  events: { status: 'fulfilled' | 'shipped' | 'delivered'; hoursAgo: number; location: string; description: LocalizedText }[];
}

export interface PromotionFixture extends PromotionRules {
  handle: string;
  type: 'volume' | 'bundle' | 'threshold' | 'gift';
  title: LocalizedText;
  description?: LocalizedText;
  products?: string[];
  startsAt: string;
  endsAt: string | null;
}

/** A payment method of the demo shop (fixtures/payment-methods.json), served by one provider. */
export interface PaymentMethodFixture {
  code: string;
  provider: string;
  type: 'EXPRESS' | 'CARD' | 'REDIRECT' | 'BANK';
  name: LocalizedText;
  normalTag: boolean;
  funnelTag: boolean;
  defaulted: boolean;
  options: Record<string, unknown>;
  /** Off: kept in the shop, not offered (the table's default is on). */
  enabled?: boolean;
}

export interface ShopFixtures {
  site: Record<string, unknown>;
  products: ProductFixture[];
  collections: CollectionFixture[];
  /** Pages already checked against the page schema. */
  pages: { handle: string; kind: 'shop' | 'funnel'; body: Record<string, unknown> }[];
  /** The demo funnels (fixtures/funnels), already checked. */
  funnels: { handle: string; body: Record<string, unknown> }[];
  /** Pixel size of each media file named by the fixtures. */
  imageSizes: Map<string, { width: number; height: number }>;
  reviews: ReviewFixture[];
  orders: OrderFixture[];
  promotions: PromotionFixture[];
  coupons: CouponFixture[];
  tracking: TrackingFixture[];
  paymentMethods: PaymentMethodFixture[];
  /** The demo checkout triggers (fixtures/checkout-triggers.json): offers after the shop's own checkout. */
  checkoutTriggers: CheckoutTriggerRequest[];
  /** Menus, dictionaries, countries, cookie categories, used apps: stored as they are. */
  reference: Record<string, unknown>;
}

const SEED_LOCK = 7_301_001;

interface SeedStep {
  /** The `meta` key that marks the step done (the first step keeps its historical name). */
  mark: string;
  run(tx: Executor, fixtures: ShopFixtures, now: Date): Promise<void>;
}

const productIdsByHandle = async (tx: Executor) =>
  new Map((await tx.select({ id: products.id, handle: products.handle }).from(products)).map((p) => [p.handle, p.id]));

function idOf(ids: Map<string, number>, handle: string, where: string): number {
  const id = ids.get(handle);
  if (id === undefined) throw new Error(`fixtures: ${where} names an unknown product ${handle}`);
  return id;
}

const catalogStep: SeedStep = {
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

const extrasStep: SeedStep = {
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
const giftsStep: SeedStep = {
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

const couponsStep: SeedStep = {
  mark: 'seeded:coupons',
  async run(tx, fixtures) {
    if (!fixtures.coupons.length) return;
    await tx.insert(coupons).values(fixtures.coupons.map(couponRow));
  },
};

/** Reference data added to the fixtures since (checkout settings, shipping templates): the keys a database lacks. */
const referenceStep: SeedStep = {
  mark: 'seeded:reference-2',
  async run(tx, fixtures) {
    for (const [key, value] of Object.entries(fixtures.reference)) {
      await tx.insert(referenceData).values({ key, value }).onConflictDoNothing();
    }
  },
};

/** Tracking of the first demo orders (tokens, tracking numbers, fulfillment events), for order tracking. */
const trackingStep: SeedStep = {
  mark: 'seeded:tracking',
  async run(tx, fixtures, now) {
    const demo = await tx
      .select({ id: orders.id })
      .from(orders)
      .orderBy(orders.id)
      .limit(fixtures.tracking.length + 10);
    for (const t of fixtures.tracking) {
      const order = demo[t.order - 1];
      if (!order) throw new Error(`fixtures: tracking names order ${t.order}, which orders.json does not have`);
      await tx
        .update(orders)
        .set({
          token: randomBytes(16).toString('hex'),
          trackingNumber: t.trackingNumber,
          carrier: t.carrier,
          fulfillmentStatus: t.fulfillmentStatus,
          email: t.email,
        })
        .where(eq(orders.id, order.id));
      await tx.insert(fulfillmentEvents).values(
        t.events.map((e) => ({
          orderId: order.id,
          status: e.status,
          description: e.description,
          location: e.location,
          happenedAt: new Date(now.getTime() - e.hoursAgo * 3_600_000),
        })),
      );
    }
  },
};

/**
 * Weights of the demo products and the Economy way of shipping (priced by weight), for databases seeded
 * before them: a SKU weighed already and a merchant's own template 5 are left alone.
 */
const weightsStep: SeedStep = {
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

/** The payment methods of the demo shop; a method the merchant has already is left as it is. */
const paymentMethodsStep: SeedStep = {
  mark: 'seeded:payment-methods',
  async run(tx, fixtures) {
    if (!fixtures.paymentMethods.length) return;
    await tx
      .insert(paymentMethods)
      .values(fixtures.paymentMethods.map((m, position) => ({ ...m, position })))
      .onConflictDoNothing();
  },
};

/**
 * The payment icons of the methods added with the payment methods (CREDIT_CARD_ICON), for databases
 * seeded before them: icons the shop has already are left as they are.
 */
const paymentIconsStep: SeedStep = {
  mark: 'seeded:payment-icons',
  async run(tx, fixtures) {
    type Icon = { code: string };
    const wanted = ((fixtures.reference.dicts as Record<string, Icon[]> | undefined)?.CREDIT_CARD_ICON ?? []) as Icon[];
    const [stored] = await tx.select().from(referenceData).where(eq(referenceData.key, 'dicts'));
    const value = stored?.value as Record<string, Icon[]> | undefined;
    if (!value?.CREDIT_CARD_ICON) return;
    const missing = wanted.filter((icon) => !value.CREDIT_CARD_ICON!.some((s) => s.code === icon.code));
    if (missing.length) {
      await tx
        .update(referenceData)
        .set({ value: { ...value, CREDIT_CARD_ICON: [...value.CREDIT_CARD_ICON, ...missing] } })
        .where(eq(referenceData.key, 'dicts'));
    }
  },
};

/** The methods of the simulated providers (PacyPay, Oceanpayment, AsiaBill, Airwallex) and their icons, for shops seeded before them. */
const providerMethodsStep: SeedStep = {
  mark: 'seeded:provider-methods',
  async run(tx, fixtures, now) {
    await paymentMethodsStep.run(tx, fixtures, now);
    await paymentIconsStep.run(tx, fixtures, now);
  },
};

/**
 * The demo funnel and its pages, for databases seeded before funnels: a page or funnel whose handle the
 * merchant already uses is left as it is (a funnel is added only when every page it shows is there).
 */
const funnelsStep: SeedStep = {
  mark: 'seeded:funnels',
  async run(tx, fixtures) {
    const existing = new Map(
      (await tx.select({ handle: pages.handle, kind: pages.kind }).from(pages)).map((p) => [p.handle, p.kind]),
    );
    for (const page of fixtures.pages.filter((p) => p.kind === 'funnel' && !existing.has(p.handle))) {
      const [row] = await tx
        .insert(pages)
        .values({ handle: page.handle, kind: page.kind, liveVersion: 1 })
        .returning({ id: pages.id });
      await tx.insert(pageVersions).values({ pageId: row!.id, version: 1, body: page.body });
      existing.set(page.handle, 'funnel');
    }
    const taken = new Set((await tx.select({ handle: funnels.handle }).from(funnels)).map((f) => f.handle));
    for (const funnel of fixtures.funnels.filter((f) => !taken.has(f.handle))) {
      const steps = (funnel.body.steps as { page: string }[] | undefined) ?? [];
      if (!steps.every((s) => existing.get(s.page) === 'funnel')) continue;
      const [row] = await tx.insert(funnels).values({ handle: funnel.handle, liveVersion: 1 }).returning({ id: funnels.id });
      await tx.insert(funnelVersions).values({ funnelId: row!.id, version: 1, body: funnel.body });
    }
  },
};

const checkoutTriggersStep: SeedStep = { mark: 'seeded:checkout-triggers', run: seedCheckoutTriggers };

export const SEED_STEPS: readonly SeedStep[] = [
  catalogStep,
  extrasStep,
  couponsStep,
  referenceStep,
  giftsStep,
  trackingStep,
  weightsStep,
  paymentMethodsStep,
  paymentIconsStep,
  providerMethodsStep,
  funnelsStep,
  checkoutTriggersStep,
];

export async function pendingSeedSteps(db: Db): Promise<string[]> {
  const marks = new Set((await db.select({ key: meta.key }).from(meta)).map((m) => m.key));
  return SEED_STEPS.filter((step) => !marks.has(step.mark)).map((step) => step.mark);
}

/** Runs every step not yet done; returns the marks of the steps this call ran. */
export async function seed(db: Db, fixtures: ShopFixtures, now = new Date()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const pending = new Set(await pendingSeedSteps(tx));
    const ran: string[] = [];
    for (const step of SEED_STEPS) {
      if (!pending.has(step.mark)) continue;
      await step.run(tx, fixtures, now);
      await tx.insert(meta).values({ key: step.mark, value: now.toISOString() });
      ran.push(step.mark);
    }
    return ran;
  });
}
