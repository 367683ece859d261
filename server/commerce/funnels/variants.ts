// A/B split of a funnel step (funnel JSON `variants`): which variant a visitor sees, and the page it shows.
//
// A visitor is assigned once, when they first open the split step: the variant is drawn by weight from a
// hash of the funnel, the step and the visitor id (so the draw is reproducible: tests seed it with chosen
// visitor ids), and kept (table funnel_assignments), so a reload, another device's later visit with the
// same cookie, or a change of the weights never moves them. The assignment is stamped on the visitor's
// checkout, their order and its offers' orders as `{step}/{variant}`, and the statistics count every order
// and refund of the funnel by it.
//
// A variant's page is another funnel page, or the step's page changed by a JSON Patch applied here, on the
// server: the shopper's browser receives the variant's page only (no flicker, no JavaScript needed).
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import fastJsonPatch, { type Operation } from 'fast-json-patch';
import type { FunnelStep, FunnelVariant } from '../../../schemas/generated/funnel';
import type { Page } from '../../../schemas/generated/page';
import type { Db } from '../../db/connect';
import { funnelAssignments } from '../../db/funnel-schema';
import type { SaveRules } from '../default-locale-rule';
import { validatePage } from '../pages/validate-page';
import type { FieldError } from '../validation';

/** The variant a seed (funnel, step and visitor) draws, by weight. */
export function pickVariant(variants: readonly FunnelVariant[], seed: string): FunnelVariant {
  const total = variants.reduce((sum, v) => sum + v.weight, 0);
  const draw = Number.parseInt(createHash('sha256').update(seed).digest('hex').slice(0, 12), 16) % total;
  let reached = 0;
  for (const variant of variants) {
    reached += variant.weight;
    if (draw < reached) return variant;
  }
  return variants.at(-1)!;
}

export const assignmentSeed = (funnelId: number, stepId: string, visitorId: string) => `${funnelId}\n${stepId}\n${visitorId}`;

/** What an order or checkout is stamped with: the split step and the variant. */
export const variantStamp = (stepId: string, variantId: string) => `${stepId}/${variantId}`;

/**
 * The step's page changed by a variant's patch, checked as a page (with the shop's rules when the funnel is
 * saved: `rules`); the errors point into the patch.
 */
export function patchedPage(
  base: Page,
  patch: NonNullable<FunnelVariant['patch']>,
  rules: SaveRules = {},
): { ok: true; page: Page } | { ok: false; errors: FieldError[] } {
  let changed: unknown;
  try {
    changed = fastJsonPatch.applyPatch(structuredClone(base), patch as Operation[], true, false).newDocument;
  } catch (error) {
    const index = (error as { index?: number }).index;
    const message = (error as Error).message.split('\n')[0] ?? 'cannot be applied';
    return {
      ok: false,
      errors: [{ path: index === undefined ? '' : `/${index}`, message: `cannot be applied to the step's page: ${message}` }],
    };
  }
  const check = validatePage(changed, rules);
  if (!check.ok)
    return {
      ok: false,
      errors: check.errors.map((e) => ({ path: '', message: `makes the page invalid: ${e.path} ${e.message}` })),
    };
  return { ok: true, page: check.page };
}

export function createAssignments(db: Db) {
  return {
    /** The variant of `step` the visitor sees (assigned now if they have none yet); null for a step not split. */
    async assign(funnelId: number, step: FunnelStep, visitorId: string): Promise<FunnelVariant | null> {
      const variants = step.variants;
      if (!variants) return null;
      const kept = async () => {
        const [row] = await db
          .select({ variant: funnelAssignments.variant })
          .from(funnelAssignments)
          .where(
            and(
              eq(funnelAssignments.funnelId, funnelId),
              eq(funnelAssignments.stepId, step.id),
              eq(funnelAssignments.visitorId, visitorId),
            ),
          );
        return row ? (variants.find((v) => v.id === row.variant) ?? null) : undefined;
      };
      const found = await kept();
      if (found) return found;
      const drawn = pickVariant(variants, assignmentSeed(funnelId, step.id, visitorId));
      // A variant the merchant removed since: the visitor is drawn again among those left.
      if (found === null) {
        await db
          .update(funnelAssignments)
          .set({ variant: drawn.id })
          .where(
            and(
              eq(funnelAssignments.funnelId, funnelId),
              eq(funnelAssignments.stepId, step.id),
              eq(funnelAssignments.visitorId, visitorId),
            ),
          );
        return drawn;
      }
      await db
        .insert(funnelAssignments)
        .values({ funnelId, stepId: step.id, visitorId, variant: drawn.id })
        .onConflictDoNothing();
      return (await kept()) ?? drawn;
    },

    /** The stamp of the visitor's variant in a funnel (its split step), or null when they have none. */
    async stampOf(funnelId: number, visitorId: string): Promise<string | null> {
      const [row] = await db
        .select({ stepId: funnelAssignments.stepId, variant: funnelAssignments.variant })
        .from(funnelAssignments)
        .where(and(eq(funnelAssignments.funnelId, funnelId), eq(funnelAssignments.visitorId, visitorId)))
        .orderBy(funnelAssignments.createdAt)
        .limit(1);
      return row ? variantStamp(row.stepId, row.variant) : null;
    },
  };
}

export type Assignments = ReturnType<typeof createAssignments>;
