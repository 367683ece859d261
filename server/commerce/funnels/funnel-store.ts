// Funnels and their versions, kept like pages: each save adds a version and makes it live, nothing saved
// is lost. A funnel is checked whole before it is stored: its shape and steps (validate-funnel.ts), then
// what it names: every step's page must be a funnel page, every offer's product must be on sale.
import { and, eq, inArray } from 'drizzle-orm';
import type { FunnelDocument, FunnelStats, FunnelSummary, FunnelVersion } from '../../../schemas/generated/api';
import type { Funnel, FunnelStep } from '../../../schemas/generated/funnel';
import { localize } from '../../../schemas/localized-text';
import type { Db } from '../../db/connect';
import { products } from '../../db/catalog-schema';
import { funnels, funnelVersions } from '../../db/funnel-schema';
import { pages } from '../../db/page-schema';
import type { CacheGroup } from '../cache';
import type { SaveRules } from '../default-locale-rule';
import type { SiteService } from '../site';
import { createVersionedDocuments } from '../versioned-documents';
import { badRequest, notFound } from '../errors';
import { funnelStats } from './funnel-stats';
import type { PageStore, SavedPage } from '../pages/page-store';
import type { Page } from '../../../schemas/generated/page';
import { patchedPage } from './variants';
import { errorCountText, reportedErrors, type FieldError } from '../validation';
import { validateFunnel } from './validate-funnel';

function invalidFunnel(errors: FieldError[]) {
  return badRequest(`The funnel is not valid: ${errorCountText(errors.length)}.`, reportedErrors(errors));
}

/**
 * What a funnel names that the shop lacks: pages that are not funnel pages, products not on sale, a
 * variant's patch that cannot be applied to its step's page (or leaves it invalid).
 */
async function referenceErrors(
  db: Db,
  funnel: Funnel,
  pageOf: (handle: string) => Promise<Page | null>,
  rules: SaveRules,
): Promise<FieldError[]> {
  const variantPages = funnel.steps.flatMap((s) => (s.variants ?? []).flatMap((v) => (v.page ? [v.page] : [])));
  const pageHandles = [...new Set([...funnel.steps.map((s) => s.page), ...variantPages])];
  const productHandles = [...new Set(funnel.steps.flatMap((s) => (s.product ? [s.product] : [])))];
  const [pageRows, productRows] = await Promise.all([
    db.select({ handle: pages.handle, kind: pages.kind }).from(pages).where(inArray(pages.handle, pageHandles)),
    productHandles.length
      ? db
          .select({ handle: products.handle })
          .from(products)
          .where(and(inArray(products.handle, productHandles), eq(products.status, 'active')))
      : [],
  ]);
  const kinds = new Map(pageRows.map((r) => [r.handle, r.kind]));
  const onSale = new Set(productRows.map((r) => r.handle));
  const errors: FieldError[] = [];
  funnel.steps.forEach((step, i) => {
    const kind = kinds.get(step.page);
    if (!kind) errors.push({ path: `/steps/${i}/page`, message: `names no page ("${step.page}"): save the page first` });
    else if (kind !== 'funnel')
      errors.push({
        path: `/steps/${i}/page`,
        message: `names a shop page ("${step.page}"): a funnel step shows a page of "kind": "funnel"`,
      });
    if (step.product && !onSale.has(step.product))
      errors.push({ path: `/steps/${i}/product`, message: `names no product on sale ("${step.product}")` });
    step.variants?.forEach((variant, j) => {
      if (!variant.page) return;
      const variantKind = kinds.get(variant.page);
      if (variantKind !== 'funnel')
        errors.push({
          path: `/steps/${i}/variants/${j}/page`,
          message: variantKind
            ? `names a shop page ("${variant.page}"): a variant shows a funnel page`
            : `names no page ("${variant.page}")`,
        });
    });
  });
  for (const [i, step] of funnel.steps.entries()) {
    const patched = (step.variants ?? []).map((v, j) => [v, j] as const).filter(([v]) => v.patch);
    if (!patched.length || kinds.get(step.page) !== 'funnel') continue;
    const base = await pageOf(step.page);
    for (const [variant, j] of patched) {
      const result = base
        ? patchedPage(base, variant.patch!, rules)
        : { ok: false as const, errors: [{ path: '', message: 'has no valid page to patch' }] };
      if (!result.ok)
        for (const e of result.errors) errors.push({ path: `/steps/${i}/variants/${j}/patch${e.path}`, message: e.message });
    }
  }
  return errors;
}

/** A step of a live funnel, as a shopper is shown it. */
export interface LiveStep {
  funnel: { id: number; version: number; handle: string; title: string };
  step: FunnelStep;
  index: number;
  stepCount: number;
  /** Every step of the live version (where each answer leads). */
  steps: readonly FunnelStep[];
}

/** `site`: the shop's settings, whose default locale every text of a saved funnel must hold. */
export function createFunnelStore(
  db: Db,
  caches: CacheGroup,
  pages: Pick<PageStore, 'renderable' | 'save'>,
  site: Pick<SiteService, 'get'>,
) {
  const pageOf = (handle: string) =>
    pages.renderable(handle).then(
      (r) => r.page,
      () => null,
    );
  const documents = createVersionedDocuments(db, caches, {
    noun: 'funnel',
    tables: { documents: funnels, versions: funnelVersions, owner: funnelVersions.funnelId },
    async create(tx, handle, _options: { live: true; expectedVersion?: number }) {
      const [created] = await tx.insert(funnels).values({ handle, liveVersion: 1 }).returning({ id: funnels.id });
      return created!.id;
    },
    async insert(tx, funnelId, version, body) {
      await tx.insert(funnelVersions).values({ funnelId, version, body });
    },
    async makeLive(tx, id, version) {
      await tx.update(funnels).set({ liveVersion: version, updatedAt: new Date() }).where(eq(funnels.id, id));
    },
  });

  /** The live funnel by handle (null: none), through the short cache the documents keep. */
  async function liveFunnel(handle: string) {
    const found = await documents.live(handle);
    return found && { id: found.id, version: found.version, funnel: found.body as unknown as Funnel };
  }

  /** Checks the funnel whole, then stores it as the next version and makes it live. */
  async function save(handle: string, body: unknown, opts: { expectedVersion?: number } = {}): Promise<SavedPage> {
    if (body && typeof body === 'object' && 'handle' in body && (body as { handle: unknown }).handle !== handle) {
      throw invalidFunnel([{ path: '/handle', message: `must be "${handle}", the handle in the address` }]);
    }
    const rules: SaveRules = { defaultLocale: (await site.get()).defaultLocale };
    const check = validateFunnel(body, rules);
    if (!check.ok) throw invalidFunnel(check.errors);
    const missing = await referenceErrors(db, check.funnel, pageOf, rules);
    if (missing.length) throw invalidFunnel(missing);
    return documents.add(handle, body as Record<string, unknown>, { live: true, ...opts });
  }

  return {
    save,

    /** Called after every save attempt in this process (caches built on funnels drop what they hold). */
    onSaved: documents.onSaved,

    /**
     * The step a shopper opens: the one whose id is `pageId`, else the first. 404 for a funnel that does
     * not exist or a step it does not have (an old link after the merchant changed the funnel).
     */
    async step(handle: string, pageId: string | undefined, locale: string): Promise<LiveStep> {
      const found = await liveFunnel(handle);
      if (!found) throw notFound(`There is no funnel "${handle}".`);
      const { steps } = found.funnel;
      const index = pageId === undefined ? 0 : steps.findIndex((s) => s.id === pageId);
      if (index === -1) throw notFound(`The funnel "${handle}" has no step "${pageId}".`);
      return {
        funnel: { id: found.id, version: found.version, handle, title: localize(found.funnel.title, locale) || handle },
        step: steps[index]!,
        index,
        stepCount: steps.length,
        steps,
      };
    },

    /** A step of a live funnel that shows page `pageHandle` (a funnel page's preview link opens it there). */
    async stepShowing(pageHandle: string): Promise<{ funnel: string; pageId: string } | null> {
      const rows = await db
        .select({ handle: funnels.handle, body: funnelVersions.body })
        .from(funnels)
        .innerJoin(funnelVersions, and(eq(funnelVersions.funnelId, funnels.id), eq(funnelVersions.version, funnels.liveVersion)))
        .orderBy(funnels.handle);
      for (const row of rows) {
        const step = (row.body as unknown as Funnel).steps.find((s) => s.page === pageHandle);
        if (step) return { funnel: row.handle, pageId: step.id };
      }
      return null;
    },

    /** A funnel's live version by its id (an order names its funnel by id). */
    async byId(id: number): Promise<{ handle: string; version: number } | null> {
      const [row] = await db
        .select({ handle: funnels.handle, version: funnels.liveVersion })
        .from(funnels)
        .where(eq(funnels.id, id));
      return row ?? null;
    },

    /** A funnel as stored: its live version, or version `n`. */
    async document(handle: string, n?: number): Promise<FunnelDocument> {
      const row = await documents.row(handle);
      const v = await documents.version(row.id, handle, n ?? row.liveVersion);
      return {
        id: row.id,
        handle: row.handle,
        version: v.version,
        funnel: v.body as unknown as Funnel,
        updatedAt: v.createdAt.toISOString(),
      };
    },

    async list(locale: string): Promise<FunnelSummary[]> {
      const rows = await documents.liveList();
      return rows.map((r) => {
        const funnel = r.body as unknown as Funnel;
        return {
          handle: r.handle,
          title: localize(funnel.title, locale) || r.handle,
          version: r.version,
          steps: funnel.steps.length,
          updatedAt: r.updatedAt.toISOString(),
        };
      });
    },

    /** The live funnel's statistics over a period (funnel-stats.ts). */
    async stats(handle: string, range: { from: Date; to: Date }, currencyCode: string): Promise<FunnelStats> {
      const found = await liveFunnel(handle);
      if (!found) throw notFound(`There is no funnel "${handle}".`);
      return funnelStats(db, { ...found, handle }, range, currencyCode);
    },

    /**
     * Ends the A/B test of the split step by keeping `variantId`: a new funnel version whose step shows the
     * winner's page (a patched variant's page is saved first as a page of its own, `{page}-{variant}`).
     */
    async chooseWinner(handle: string, variantId: string): Promise<SavedPage> {
      const found = await liveFunnel(handle);
      if (!found) throw notFound(`There is no funnel "${handle}".`);
      const index = found.funnel.steps.findIndex((s) => s.variants);
      const step = found.funnel.steps[index];
      const winner = step?.variants?.find((v) => v.id === variantId);
      if (!step || !winner) {
        const message = step ? `names no variant of step "${step.id}"` : 'no step of this funnel is split';
        throw badRequest(`The winner cannot be chosen: ${message}.`, {
          errors: [{ path: '/variant', message, rule: 'variant' }],
        });
      }
      let page = winner.page ?? step.page;
      if (winner.patch) {
        const base = await pages.renderable(step.page);
        const patched = patchedPage(base.page, winner.patch);
        if (!patched.ok)
          throw invalidFunnel(patched.errors.map((e) => ({ path: `/steps/${index}/variants`, message: e.message })));
        page = `${step.page}-${winner.id.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`.slice(0, 100).replace(/-+$/, '');
        await pages.save(page, { ...patched.page, handle: page });
      }
      const { variants: _ended, ...kept } = step;
      const steps = found.funnel.steps.map((s, i) => (i === index ? { ...kept, page } : s));
      return save(handle, { ...found.funnel, steps }, { expectedVersion: found.version });
    },

    async versions(handle: string): Promise<FunnelVersion[]> {
      const row = await documents.row(handle);
      const rows = await documents.versions(row.id);
      return rows.map((v) => ({
        version: v.version,
        live: v.version === row.liveVersion,
        createdAt: v.createdAt.toISOString(),
        steps: Array.isArray(v.body.steps) ? v.body.steps.length : 0,
      }));
    },
  };
}

export type FunnelStore = ReturnType<typeof createFunnelStore>;
