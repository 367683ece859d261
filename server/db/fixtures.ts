// Reads the demo shop from a fixtures folder (site.json, products.json, collections.json, pages/*.json,
// images/) and checks its pages, so a broken fixture stops the start with the file and the reason.
import type { CheckoutTriggerRequest } from '../../schemas/generated/api';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type {
  CollectionFixture,
  CouponFixture,
  OrderFixture,
  PaymentMethodFixture,
  ProductFixture,
  PromotionFixture,
  ReviewFixture,
  ShopFixtures,
  TrackingFixture,
} from './seed-fixtures';

/** Reference data files and the key each is stored under. */
const REFERENCE_FILES = {
  menus: 'menus.json',
  dicts: 'dicts.json',
  countries: 'countries.json',
  cookieConfig: 'cookie-config.json',
  apps: 'apps.json',
  checkout: 'checkout.json',
} as const;

/** A page's or a funnel's check, given the rules of the demo shop (its default locale: site.json). */
export type PageChecker = (
  body: unknown,
  rules: { defaultLocale: string },
) => { ok: true } | { ok: false; errors: { path: string; message: string }[] };

const readJson = async <T>(path: string): Promise<T> => JSON.parse(await readFile(path, 'utf8')) as T;

export async function readFixtures(dir: string, checkPage: PageChecker, checkFunnel?: PageChecker): Promise<ShopFixtures> {
  const [
    site,
    products,
    collections,
    pageFiles,
    reviews,
    orders,
    promotions,
    coupons,
    tracking,
    payment,
    triggers,
    referenceEntries,
  ] = await Promise.all([
    readJson<Record<string, unknown>>(join(dir, 'site.json')),
    readJson<ProductFixture[]>(join(dir, 'products.json')),
    readJson<CollectionFixture[]>(join(dir, 'collections.json')),
    readdir(join(dir, 'pages')),
    readJson<ReviewFixture[]>(join(dir, 'reviews.json')),
    readJson<OrderFixture[]>(join(dir, 'orders.json')),
    readJson<PromotionFixture[]>(join(dir, 'promotions.json')),
    readJson<CouponFixture[]>(join(dir, 'coupons.json')),
    readJson<TrackingFixture[]>(join(dir, 'tracking.json')),
    readJson<{ methods: PaymentMethodFixture[] }>(join(dir, 'payment-methods.json')),
    readJson<CheckoutTriggerRequest[]>(join(dir, 'checkout-triggers.json')).catch(() => [] as CheckoutTriggerRequest[]),
    Promise.all(
      Object.entries(REFERENCE_FILES).map(async ([key, file]) => [key, await readJson<unknown>(join(dir, file))] as const),
    ),
  ]);
  // The demo shop is held to what a merchant's save is: its texts have the shop's default locale.
  const rules = { defaultLocale: String(site.defaultLocale) };
  const pages = await Promise.all(
    pageFiles
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map(async (file) => {
        const body = await readJson<Record<string, unknown>>(join(dir, 'pages', file));
        const check = checkPage(body, rules);
        if (!check.ok) {
          const lines = check.errors.map((e) => `  ${e.path}: ${e.message}`).join('\n');
          throw new Error(`fixtures/pages/${file} is not a valid page:\n${lines}`);
        }
        return { handle: String(body.handle), kind: body.kind as 'shop' | 'funnel', body };
      }),
  );
  // The demo funnels (fixtures/funnels/*.json), checked like pages when a checker is given.
  const funnelFiles = await readdir(join(dir, 'funnels')).catch(() => [] as string[]);
  const funnels = await Promise.all(
    funnelFiles
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map(async (file) => {
        const body = await readJson<Record<string, unknown>>(join(dir, 'funnels', file));
        const check = checkFunnel?.(body, rules) ?? { ok: true as const };
        if (!check.ok) {
          const lines = check.errors.map((e) => `  ${e.path}: ${e.message}`).join('\n');
          throw new Error(`fixtures/funnels/${file} is not a valid funnel:\n${lines}`);
        }
        return { handle: String(body.handle), body };
      }),
  );
  const files = new Set<string>([
    ...products.flatMap((p) => p.images.map((i) => i.file)),
    ...collections.flatMap((c) => (c.image ? [c.image] : [])),
  ]);
  const imageSizes = new Map(
    await Promise.all(
      [...files].map(async (file) => {
        const { width, height } = await sharp(join(dir, 'images', file)).metadata();
        return [file, { width: width ?? 0, height: height ?? 0 }] as const;
      }),
    ),
  );
  return {
    site,
    products,
    collections,
    pages,
    funnels,
    imageSizes,
    reviews,
    orders,
    promotions,
    coupons,
    tracking,
    paymentMethods: payment.methods,
    checkoutTriggers: triggers,
    reference: Object.fromEntries(referenceEntries),
  };
}
