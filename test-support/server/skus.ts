// The demo shop's SKUs as tests need them: a product's first one, and its stock read and set straight
// in the database (a shelf emptied or refilled between two steps of a test).
import { eq } from 'drizzle-orm';
import type { Product } from '../../schemas/generated/api';
import { skus } from '../../server/db/catalog-schema';
import { readEnvelope, type TestShop } from './test-app';

export async function firstSku(shop: TestShop, handle: string): Promise<{ id: number; title: string }> {
  const product = (await readEnvelope<Product>(await shop.app.request(`/api/products/${handle}`))).data;
  return { id: product.skus[0]!.id, title: product.title };
}

export async function stockOf(shop: TestShop, skuId: number): Promise<number> {
  const [row] = await shop.database.db.select({ stock: skus.stock }).from(skus).where(eq(skus.id, skuId));
  return row!.stock;
}

export async function setStock(shop: TestShop, skuId: number, stock: number): Promise<void> {
  await shop.database.db.update(skus).set({ stock }).where(eq(skus.id, skuId));
}
