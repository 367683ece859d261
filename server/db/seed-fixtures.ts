// What the seed reads: the demo shop's fixtures as fixtures.ts hands them over, and the shape of a named
// seed step (seed.ts runs the steps; seed-catalog.ts, seed-orders.ts, seed-payment-methods.ts,
// seed-funnels.ts, seed-coupons.ts and seed-checkout-triggers.ts hold them).
import type { CheckoutTriggerRequest, Review } from '../../schemas/generated/api';
import type { ProductOption, PromotionRules } from './catalog-schema';
import type { Executor } from './connect';
import type { LocalizedText } from './schema';

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

/** fixtures/reviews.json: a review as the API shows it, its product named by handle. */
export type ReviewFixture = Omit<Review, 'id'> & { product: string };

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

export interface SeedStep {
  /** The `meta` key that marks the step done (the first step keeps its historical name). */
  mark: string;
  run(tx: Executor, fixtures: ShopFixtures, now: Date): Promise<void>;
}

/** fixtures/coupons.json: amounts in base minor units; dates ISO 8601. */
export interface CouponFixture {
  code: string;
  percentOff?: number;
  amountOff?: number;
  minSpend?: number;
  startsAt?: string;
  endsAt?: string;
  usageLimit?: number;
  oncePerEmail?: boolean;
}
