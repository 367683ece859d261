// The merchant's checkout triggers (POST, PUT, DELETE, GET /api/site-checkout-triggers): which products of
// a shop order lead to which one-click offers after its checkout. The shape is checked by the API's
// schema (CheckoutTriggerRequest); what it names is checked here against the shop, each error a JSON
// pointer into the request: products that exist, offered products on sale, funnel pages that hold the
// offer's block, discount codes that exist. Its figures are counted from its offers.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { CheckoutTrigger, CheckoutTriggerRequest, ShopOfferStep } from '../../../schemas/generated/api';
import type { Page } from '../../../schemas/generated/page';
import { visibleBlocks } from '../../../schemas/page-blocks';
import { queryRows, type Db } from '../../db/connect';
import { checkoutTriggers } from '../../db/checkout-trigger-schema';
import { products } from '../../db/catalog-schema';
import { coupons } from '../../db/checkout-schema';
import { funnelOffers } from '../../db/funnel-schema';
import { normalCode } from '../cart/coupons';
import { badRequest, notFound } from '../errors';
import type { Currency } from '../pricing/currency';
import { errorCountText, reportedErrors, type FieldError } from '../validation';
import type { CheckoutTriggerRow } from './trigger-match';

/** The page an offer is drawn on when its step names none. */
export const defaultOfferPage = (type: 'upsell' | 'downsell') => `checkout-${type}`;

export interface TriggerStoreDeps {
  /** A page as stored (null: none). */
  pageOf(handle: string): Promise<Page | null>;
  baseCurrency(): Promise<Currency>;
}

const invalidTrigger = (errors: FieldError[]) =>
  badRequest(`The checkout trigger is not valid: ${errorCountText(errors.length)}.`, reportedErrors(errors));

/** Whether a page holds a visible block of the offer's type (an upsell page for the upsell). */
const holdsOffer = (page: Page, type: 'upsell' | 'downsell') => [...visibleBlocks(page.blocks)].some((b) => b.type === type);

async function referenceErrors(db: Db, body: CheckoutTriggerRequest, deps: TriggerStoreDeps): Promise<FieldError[]> {
  const steps = (['upsell', 'downsell'] as const).flatMap((type) => (body[type] ? [[type, body[type]] as const] : []));
  const named = [...new Set([...body.products, ...steps.map(([, step]) => step.product)])];
  const rows = await db
    .select({ handle: products.handle, status: products.status })
    .from(products)
    .where(inArray(products.handle, named));
  const status = new Map(rows.map((r) => [r.handle, r.status]));
  const codes = steps.flatMap(([, step]) => (step.couponCode ? [normalCode(step.couponCode)] : []));
  const known = new Set(
    codes.length
      ? (await db.select({ code: coupons.code }).from(coupons).where(inArray(coupons.code, codes))).map((r) => r.code)
      : [],
  );
  const errors: FieldError[] = [];
  body.products.forEach((handle, i) => {
    if (!status.has(handle)) errors.push({ path: `/products/${i}`, message: `names no product ("${handle}")` });
  });
  for (const [type, step] of steps) {
    if (status.get(step.product) !== 'active')
      errors.push({ path: `/${type}/product`, message: `names no product on sale ("${step.product}")` });
    const handle = step.page ?? defaultOfferPage(type);
    const page = await deps.pageOf(handle);
    if (!page) errors.push({ path: `/${type}/page`, message: `names no page ("${handle}"): save the page first` });
    else if (page.kind !== 'funnel' || !holdsOffer(page, type))
      errors.push({ path: `/${type}/page`, message: `("${handle}") must be a funnel page holding a ${type} block` });
    if (step.couponCode && !known.has(normalCode(step.couponCode)))
      errors.push({ path: `/${type}/couponCode`, message: `names no discount code ("${step.couponCode}")` });
  }
  return errors;
}

/** A step as stored: its code in the shop's own case (upper), so the offer finds it. */
const stored = (step: ShopOfferStep): ShopOfferStep =>
  step.couponCode ? { ...step, couponCode: normalCode(step.couponCode) } : step;

export function createTriggerStore(db: Db, deps: TriggerStoreDeps) {
  async function checked(body: CheckoutTriggerRequest) {
    const errors = await referenceErrors(db, body, deps);
    if (errors.length) throw invalidTrigger(errors);
    return {
      name: body.name,
      active: body.active ?? true,
      products: body.products,
      position: body.position ?? 0,
      upsell: stored(body.upsell),
      downsell: body.downsell ? stored(body.downsell) : null,
      updatedAt: new Date(),
    };
  }

  /** The triggers as the merchant sees them, each with the figures of its offers. */
  async function views(rows: CheckoutTriggerRow[]): Promise<CheckoutTrigger[]> {
    const base = await deps.baseCurrency();
    const ids = rows.map((r) => r.id);
    const figures = ids.length
      ? await queryRows<{ triggerId: number; status: string; n: number; revenue: number }>(
          db,
          sql`select f.trigger_id as "triggerId", f.status, count(*)::int as n,
                coalesce(sum(o.total_base) filter (where f.status = 'accepted' and o.status in ('paid', 'refunded')), 0)::int as revenue
              from ${funnelOffers} f left join orders o on o.id = f.order_id
              where f.trigger_id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})
              group by f.trigger_id, f.status`,
        )
      : [];
    return rows.map((row) => {
      const mine = figures.filter((f) => f.triggerId === row.id);
      const count = (status: string) => mine.find((f) => f.status === status)?.n ?? 0;
      const answered = ['accepted', 'declined', 'expired'].reduce((sum, s) => sum + count(s), 0);
      return {
        id: row.id,
        name: row.name,
        active: row.active,
        products: row.products,
        position: row.position,
        upsell: row.upsell,
        ...(row.downsell ? { downsell: row.downsell } : {}),
        stats: {
          // Every offer placed in front of a buyer, answered or not yet.
          shown: answered + count('shown') + count('accepting'),
          accepted: count('accepted'),
          declined: count('declined'),
          expired: count('expired'),
          skipped: count('skipped'),
          revenue: { amount: mine.reduce((sum, f) => sum + f.revenue, 0), currencyCode: base.code },
        },
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  /** An id a row may have (a serial): any other names no trigger. */
  const rowId = (id: number) => {
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound(`There is no checkout trigger ${id}.`);
    return id;
  };

  async function one(id: number): Promise<CheckoutTriggerRow> {
    const [row] = await db
      .select()
      .from(checkoutTriggers)
      .where(eq(checkoutTriggers.id, rowId(id)));
    if (!row) throw notFound(`There is no checkout trigger ${id}.`);
    return row;
  }

  return {
    async list(): Promise<CheckoutTrigger[]> {
      return views(await db.select().from(checkoutTriggers).orderBy(asc(checkoutTriggers.position), asc(checkoutTriggers.id)));
    },
    async get(id: number): Promise<CheckoutTrigger> {
      return (await views([await one(id)]))[0]!;
    },
    /** The trigger as stored (null: deleted), for an offer shown after it. */
    row: (id: number) => one(id).catch(() => null),
    async create(body: CheckoutTriggerRequest): Promise<CheckoutTrigger> {
      const [row] = await db
        .insert(checkoutTriggers)
        .values(await checked(body))
        .returning();
      return (await views([row!]))[0]!;
    },
    async replace(id: number, body: CheckoutTriggerRequest): Promise<CheckoutTrigger> {
      const values = await checked(body);
      const [row] = await db
        .update(checkoutTriggers)
        .set(values)
        .where(eq(checkoutTriggers.id, rowId(id)))
        .returning();
      if (!row) throw notFound(`There is no checkout trigger ${id}.`);
      return (await views([row]))[0]!;
    },
    /** Removes it: offers shown already stay as they are (their terms are their own). */
    async remove(id: number): Promise<void> {
      const gone = await db
        .delete(checkoutTriggers)
        .where(eq(checkoutTriggers.id, rowId(id)))
        .returning({ id: checkoutTriggers.id });
      if (!gone.length) throw notFound(`There is no checkout trigger ${id}.`);
    },
  };
}

export type TriggerStore = ReturnType<typeof createTriggerStore>;
