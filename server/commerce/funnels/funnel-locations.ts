// Where a shopper is and goes in a funnel (spec section 7: prevLocation, nextlocation, checklocation, tks,
// funnelProducts, recentOrder, funnel/test/test), read from the live funnel and the buyer's order: the
// step before one (a "back" link), the step after one (globalNextLink, nextHandle), a step found by id or
// type, the thank-you step of an order, the products of the checkout step, the visitor's latest order in
// a funnel, and the live funnels with their checkout (the test checkout page). Paths are funnel paths
// with pageId (spec: funnel redirects append pageId), and carry the main order's token after checkout.
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FunnelLocation, FunnelRecentOrder, LiveFunnel } from '../../../schemas/generated/api';
import type { FunnelStep } from '../../../schemas/generated/funnel';
import type { Db } from '../../db/connect';
import { orders } from '../../db/order-schema';
import { badRequest, notFound } from '../errors';
import { findOrder } from '../orders/read-order';
import type { PageStore } from '../pages/page-store';
import { initialSelection } from '../../../schemas/funnel-selection';
import { funnelCheckoutBlock } from './funnel-checkout';
import { funnelVersion, stepAfter, stepPath } from './funnel-paths';
import type { FunnelStore } from './funnel-store';

export function createFunnelLocations(db: Db, deps: { funnels: FunnelStore; pages: Pick<PageStore, 'renderable'> }) {
  const { funnels } = deps;
  const located = (handle: string, step: FunnelStep | undefined, order?: string): FunnelLocation => {
    if (!step) throw notFound(`The funnel "${handle}" has no such step.`);
    return { funnel: handle, pageId: step.id, type: step.type, path: stepPath(handle, step.id, order) };
  };
  return {
    /** The step `pageId` leads on to (its `next`), or, with `type`, the funnel's first step of that type. */
    async next(handle: string, query: { pageId?: string; type?: FunnelStep['type']; order?: string }, locale: string) {
      const live = await funnels.step(handle, query.pageId, locale);
      if (query.type)
        return located(
          handle,
          live.steps.find((s) => s.type === query.type),
          query.order,
        );
      return located(handle, stepAfter(live.steps, live.step.id, 'next') ?? undefined, query.order);
    },

    /** The step that leads to `pageId` (for a back link): the first whose next or onDecline names it. */
    async previous(handle: string, pageId: string | undefined, locale: string, order?: string) {
      const live = await funnels.step(handle, undefined, locale);
      if (!pageId)
        throw badRequest('Name the step: pageId.', { errors: [{ path: '/pageId', message: 'is required', rule: 'required' }] });
      if (!live.steps.some((s) => s.id === pageId)) throw notFound(`The funnel "${handle}" has no step "${pageId}".`);
      return located(
        handle,
        live.steps.find((s) => s.next === pageId || s.onDecline === pageId),
        order,
      );
    },

    /** A step by id or type, as it stands in the live funnel (404: the link is old). */
    async check(handle: string, query: { pageId?: string; type?: FunnelStep['type'] }, locale: string) {
      const live = await funnels.step(handle, undefined, locale);
      const step = query.pageId ? live.steps.find((s) => s.id === query.pageId) : live.steps.find((s) => s.type === query.type);
      return located(handle, step);
    },

    /**
     * Where the buyer of an order goes next in its funnel: its next step (or, with `type`, the funnel's
     * first step of that type), else the thank-you step.
     */
    async afterOrder(orderToken: string, type?: FunnelStep['type']): Promise<FunnelLocation> {
      const order = await findOrder(db, orderToken);
      const main =
        order.parentOrderId === null ? order : (await db.select().from(orders).where(eq(orders.id, order.parentOrderId)))[0]!;
      if (main.funnelId === null) throw notFound('This order was not bought in a funnel.');
      const next = order.status === 'paid' && order.funnelNext ? new URL(order.funnelNext, 'http://shop') : null;
      const found = await funnelsOf(main.funnelId);
      const pageId = type
        ? found.funnel.steps.find((s) => s.type === type)?.id
        : (next?.searchParams.get('pageId') ?? found.funnel.steps.find((s) => s.type === 'thank-you')?.id);
      return located(
        found.handle,
        found.funnel.steps.find((s) => s.id === pageId),
        main.token!,
      );
    },

    /** The thank-you step of an order's funnel (spec: tks). */
    async thanks(orderToken: string): Promise<FunnelLocation> {
      const order = await findOrder(db, orderToken);
      if (order.funnelId === null) throw notFound('This order was not bought in a funnel.');
      const found = await funnelsOf(order.funnelId);
      return located(
        found.handle,
        found.funnel.steps.find((s) => s.type === 'thank-you'),
        orderToken,
      );
    },

    /** The products of the funnel's checkout step (its funnel-checkout block), in its order, as the block starts them. */
    async products(handle: string, locale: string) {
      const live = await funnels.step(handle, undefined, locale);
      const checkout = live.steps.find((s) => s.type === 'checkout')!;
      const { page } = await deps.pages.renderable(checkout.page);
      const block = funnelCheckoutBlock(page);
      if (!block) return [];
      const chosen = new Set(initialSelection(block.products, block.selection, block.preselect));
      return block.products.map((p, i) => ({ handle: p.product, selected: chosen.has(i), quantity: p.quantity ?? 1 }));
    },

    /** The visitor's latest paid order in a funnel (a returning buyer is shown it), or 404. */
    async recentOrder(funnelId: number, visitorId: string): Promise<FunnelRecentOrder> {
      const [order] = await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.funnelId, funnelId),
            eq(orders.visitorId, visitorId),
            eq(orders.status, 'paid'),
            isNull(orders.parentOrderId),
          ),
        )
        .orderBy(desc(orders.id))
        .limit(1);
      if (!order) throw notFound('This visitor has no order in this funnel.');
      return { orderToken: order.token!, number: order.number!, createdAt: order.createdAt.toISOString() };
    },

    /** Every live funnel with its checkout step (the test checkout page, /newCheckout/test). */
    async live(locale: string): Promise<LiveFunnel[]> {
      const list = await funnels.list(locale);
      return Promise.all(
        list.map(async (f) => {
          const checkout = await this.check(f.handle, { type: 'checkout' }, locale).catch(() => null);
          return { handle: f.handle, title: f.title, checkout: checkout?.path ?? null };
        }),
      );
    },
  };

  async function funnelsOf(funnelId: number) {
    const live = await funnels.byId(funnelId);
    const found = live && (await funnelVersion(db, funnelId, live.version));
    if (!found) throw notFound('The funnel of this order no longer exists.');
    return found;
  }
}

export type FunnelLocations = ReturnType<typeof createFunnelLocations>;
