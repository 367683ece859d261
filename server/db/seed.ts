// Fills an empty database with the demo shop from fixtures/, once: a `seeded_at` mark in `meta`
// makes later starts leave the data as it is.
import { eq, sql } from 'drizzle-orm';
import type { Db } from './connect';
import type { LocalizedText, ProductOption } from './schema';
import {
  collectionProducts,
  collections,
  meta,
  pages,
  pageVersions,
  productImages,
  products,
  siteSettings,
  skus,
} from './schema';

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

export interface ShopFixtures {
  site: Record<string, unknown>;
  products: ProductFixture[];
  collections: CollectionFixture[];
  /** Pages already checked against the page schema. */
  pages: { handle: string; kind: 'shop' | 'funnel'; body: Record<string, unknown> }[];
  /** Pixel size of each media file named by the fixtures. */
  imageSizes: Map<string, { width: number; height: number }>;
}

const SEEDED = 'seeded_at';
const SEED_LOCK = 7_301_001;

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select().from(meta).where(eq(meta.key, SEEDED));
  return Boolean(row);
}

/** Seeds unless another process did it first (an advisory lock makes concurrent starts take turns). */
export async function seed(db: Db, fixtures: ShopFixtures): Promise<boolean> {
  const sizeOf = (file: string) => {
    const size = fixtures.imageSizes.get(file);
    if (!size) throw new Error(`fixtures: the image ${file} is missing`);
    return size;
  };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await isSeeded(tx as unknown as Db)) return false;
    await tx.insert(siteSettings).values({ id: 1, data: fixtures.site });
    const productIds = new Map<string, number>();
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
      productIds.set(p.handle, row!.id);
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
          imageId: s.image ? (imageIds.get(s.image) ?? null) : null,
        })),
      );
    }
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
      const members = c.products.map((handle, position) => {
        const productId = productIds.get(handle);
        if (productId === undefined) throw new Error(`fixtures: collection ${c.handle} names an unknown product ${handle}`);
        return { collectionId: row!.id, productId, position };
      });
      if (members.length) await tx.insert(collectionProducts).values(members);
    }
    for (const page of fixtures.pages) {
      const [row] = await tx
        .insert(pages)
        .values({ handle: page.handle, kind: page.kind, liveVersion: 1 })
        .returning({ id: pages.id });
      await tx.insert(pageVersions).values({ pageId: row!.id, version: 1, body: page.body });
    }
    await tx.insert(meta).values({ key: SEEDED, value: new Date().toISOString() });
    return true;
  });
}
