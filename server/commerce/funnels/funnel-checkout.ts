// A funnel's checkout (spec section 7: POST api/multicurrency/calculatePrice): the shopper chose products
// in the funnel-checkout block of the checkout step's page; the server checks the choice against that
// block (only its products, the selection rules of schemas/funnel-selection.ts, stock), then
// starts the funnel's checkout or changes what an open one buys, and answers it priced. The client sends
// SKU ids and quantities only. From there the funnel checkout is a checkout like the shop's (contact,
// address, shipping, payment are the same calls); its order goes on to the funnel's next step once paid.
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { selectionProblem, SELECTION_MESSAGES } from '../../../schemas/funnel-selection';
import { settingsOf, visibleBlocks } from '../../../schemas/page-blocks';
import type { FunnelCheckoutRequest } from '../../../schemas/generated/api';
import type { Page } from '../../../schemas/generated/page';
import type { ResolvedBlockSettings } from '../../../schemas/generated/resolved-settings';
import type { Db } from '../../db/connect';
import { products, skus } from '../../db/catalog-schema';
import { checkouts } from '../../db/checkout-schema';
import { refuseBeyondStock } from '../checkout/start-checkout';
import { badRequest, ShopError } from '../errors';
import type { FunnelStore, LiveStep } from './funnel-store';
import type { PageStore } from '../pages/page-store';
import type { Assignments } from './variants';

/** The funnel-checkout block of a page (the first, when a page holds more than one). */
export function funnelCheckoutBlock(page: Page): ResolvedBlockSettings['funnel-checkout'] | null {
  for (const block of visibleBlocks(page.blocks)) {
    const settings = settingsOf(block, 'funnel-checkout');
    if (settings) return settings;
  }
  return null;
}

const problem = (path: string, message: string, rule: string) =>
  badRequest(`The products chosen cannot be bought here: ${path} ${message}.`, { errors: [{ path, message, rule }] });

/** The checked lines of a funnel checkout. */
export async function funnelLines(db: Db, page: Page, lines: readonly { skuId: number; quantity: number }[]) {
  const block = funnelCheckoutBlock(page);
  if (!block) throw problem('/pageId', 'shows no funnel checkout', 'funnelCheckout');
  const offered = new Set(block.products.map((p) => p.product));
  // The page's order bumps may come along (one each), beside the products chosen.
  const bumps = new Set([...visibleBlocks(page.blocks)].flatMap((b) => settingsOf(b, 'order-bump')?.product ?? []));
  const rows = lines.length
    ? await db
        .select({ id: skus.id, stock: skus.stock, handle: products.handle, status: products.status })
        .from(skus)
        .innerJoin(products, eq(products.id, skus.productId))
        .where(
          inArray(
            skus.id,
            lines.map((l) => l.skuId),
          ),
        )
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const named = lines.map((line, i) => {
    const sku = byId.get(line.skuId);
    if (!sku || !(offered.has(sku.handle) || bumps.has(sku.handle)))
      throw problem(`/lines/${i}/skuId`, 'is not sold in this funnel checkout', 'funnelProduct');
    if (!offered.has(sku.handle) && line.quantity !== 1)
      throw problem(`/lines/${i}/quantity`, 'an order bump is one item', 'bump');
    if (sku.status !== 'active') throw new ShopError('removedFromShelf', 'This product has been removed from the shelf.');
    return { ...line, product: sku.handle, stock: sku.stock };
  });
  const wrong = selectionProblem(
    named.filter((l) => offered.has(l.product)),
    block.selection,
  );
  if (wrong) throw problem('/lines', SELECTION_MESSAGES[wrong], wrong);
  if (new Set(lines.map((l) => l.skuId)).size !== lines.length) throw problem('/lines', 'names a product twice', 'duplicate');
  for (const line of named) refuseBeyondStock(line.stock, line.quantity, { skuId: line.skuId });
  return lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity }));
}

/** Starts the funnel's checkout with the lines chosen, or changes the lines of the open one; its token. */
export async function saveFunnelCheckout(
  db: Db,
  live: LiveStep,
  page: Page,
  request: FunnelCheckoutRequest,
  visitorId: string,
  seen: { locale: string; currencyCode: string },
  /** The visitor's A/B variant in this funnel (stamped on the checkout and its order). */
  variant: string | null = null,
): Promise<string> {
  if (live.step.type !== 'checkout')
    throw problem('/pageId', `is a ${live.step.type} step, not the funnel's checkout`, 'funnelStep');
  const lines = await funnelLines(db, page, request.lines);
  if (request.checkoutToken) {
    const [row] = await db.select().from(checkouts).where(eq(checkouts.token, request.checkoutToken));
    if (!row) throw new ShopError('tokenNotFound', 'There is no checkout with this token.');
    if (row.funnelId !== live.funnel.id) throw problem('/checkoutToken', 'is not a checkout of this funnel', 'funnelCheckout');
    if (row.status !== 'open') throw new ShopError('orderAlreadySettled', 'This checkout is complete and can no longer change.');
    await db
      .update(checkouts)
      .set({ lines, ...seen, updatedAt: new Date() })
      .where(eq(checkouts.id, row.id));
    return row.token;
  }
  const token = randomBytes(16).toString('hex');
  await db.insert(checkouts).values({
    token,
    visitorId,
    // What a funnel sells never touches the shop's cart.
    buyNow: true,
    lines,
    funnelId: live.funnel.id,
    funnelVersion: live.funnel.version,
    funnelStep: live.step.id,
    variant,
    ...seen,
  });
  return token;
}

/** The funnel checkout's operations for the API. */
export function createFunnelCheckouts(
  db: Db,
  deps: { funnels: Pick<FunnelStore, 'step'>; pages: Pick<PageStore, 'renderable'>; assignments: Pick<Assignments, 'stampOf'> },
) {
  return {
    /** Starts the funnel's checkout with the products chosen (or changes the open one's); its token. */
    async save(request: FunnelCheckoutRequest, visitorId: string, seen: { locale: string; currencyCode: string }) {
      const live = await deps.funnels.step(request.funnel, request.pageId, seen.locale);
      const [{ page }, variant] = await Promise.all([
        deps.pages.renderable(live.step.page),
        deps.assignments.stampOf(live.funnel.id, visitorId),
      ]);
      return saveFunnelCheckout(db, live, page, request, visitorId, seen, variant);
    },
  };
}
