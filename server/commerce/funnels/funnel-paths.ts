// Where a shopper goes in a funnel (spec: funnel redirects append pageId to the handle path): a step's
// path, and the step after one as the funnel version the shopper bought in says (`next` when a step is
// done or an offer accepted, `onDecline` when an offer is declined or cannot be taken in one action).
import { and, eq } from 'drizzle-orm';
import type { Funnel, FunnelStep } from '../../../schemas/generated/funnel';
import type { Db } from '../../db/connect';
import { funnels, funnelVersions } from '../../db/funnel-schema';

/** Whether a step is a one-click offer (an upsell or a downsell): it charges the main order's payment. */
export const isOfferStep = (step: Pick<FunnelStep, 'type'>) => step.type === 'upsell' || step.type === 'downsell';

/** The path of a step: `/funnel/{handle}?pageId={id}`, with the main order's token once there is one. */
export function stepPath(handle: string, stepId: string, orderToken?: string): string {
  const order = orderToken ? `&order=${encodeURIComponent(orderToken)}` : '';
  return `/funnel/${encodeURIComponent(handle)}?pageId=${encodeURIComponent(stepId)}${order}`;
}

/** The step after `stepId` on the shopper's answer, or null when there is none (the thank-you step). */
export function stepAfter(steps: readonly FunnelStep[], stepId: string, answer: 'next' | 'onDecline'): FunnelStep | null {
  const step = steps.find((s) => s.id === stepId);
  const target = step?.[answer] ?? step?.next;
  return (target && steps.find((s) => s.id === target)) || null;
}

/** A funnel version as stored, with its handle (a shopper keeps the version they started in). */
export async function funnelVersion(
  db: Db,
  funnelId: number,
  version: number,
): Promise<{ handle: string; funnel: Funnel } | null> {
  const [row] = await db
    .select({ handle: funnels.handle, body: funnelVersions.body })
    .from(funnelVersions)
    .innerJoin(funnels, eq(funnels.id, funnelVersions.funnelId))
    .where(and(eq(funnelVersions.funnelId, funnelId), eq(funnelVersions.version, version)));
  return row ? { handle: row.handle, funnel: row.body as unknown as Funnel } : null;
}

/**
 * Where the buyer goes after step `stepId` of a funnel version, with the main order's token: the step
 * after it on their answer (`next` once an order placed there is paid or an offer accepted, `onDecline`
 * for a declined offer); null when the funnel ends there.
 */
export async function pathAfterStep(
  db: Db,
  funnel: { id: number; version: number },
  stepId: string,
  orderToken: string,
  answer: 'next' | 'onDecline' = 'next',
): Promise<string | null> {
  const found = await funnelVersion(db, funnel.id, funnel.version);
  if (!found) return null;
  const after = stepAfter(found.funnel.steps, stepId, answer);
  return after ? stepPath(found.handle, after.id, orderToken) : null;
}
