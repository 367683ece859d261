// Theme pages and their versions. Saving never overwrites: each save adds a version and makes it live,
// and restoring copies an old version into a new one, so nothing a merchant saved is ever lost.
import { isHandle } from '../../../schemas/handle';
import { and, asc, eq } from 'drizzle-orm';
import type { PageDocument, PageSummary, PageVersion } from '../../../schemas/generated/api';
import type { Page } from '../../../schemas/generated/page';
import { localize } from '../../../schemas/localized-text';
import type { Db } from '../../db/connect';
import { pages, pageVersions } from '../../db/page-schema';
import type { CacheGroup } from '../cache';
import type { SiteService } from '../site';
import { createVersionedDocuments } from '../versioned-documents';
import { badRequest, notFound, ShopError } from '../errors';
import { errorCountText } from '../validation';
import { validatePage, validatePageInSlices, validateStoredPage, type PageError } from './validate-page';

export interface SavedPage {
  handle: string;
  version: number;
  created: boolean;
  /** A draft: stored, not live. */
  draft?: true;
}

/** A stored version as a preview shows it: the page, or why it cannot be shown. */
export type PreviewedVersion =
  | { ok: true; id: number; version: number; page: Page }
  | { ok: false; id: number; version: number; kind: 'shop' | 'funnel'; errors: PageError[]; errorCount: number };

/** The live version of a page, validated, with every setting's default filled in. */
export interface RenderablePage {
  id: number;
  version: number;
  page: Page;
}

interface AddOptions {
  kind: 'shop' | 'funnel';
  live: boolean;
  expectedVersion?: number;
  restoredFrom?: number;
}

/** A 400 listing the first errors (at most MAX_REPORTED_ERRORS) and counting them all. */
function invalidPage(errors: PageError[], errorCount = errors.length) {
  return badRequest(`The page is not valid: ${errorCountText(errorCount)}.`, { errors, errorCount });
}

/** `site`: the shop's settings, whose default locale every text of a saved page must hold. */
export function createPageStore(db: Db, caches: CacheGroup, site: Pick<SiteService, 'get'>) {
  // Compiles the page validators now (once per process, and slow) rather than in a merchant's first save.
  validatePage({});
  const documents = createVersionedDocuments(db, caches, {
    noun: 'page',
    tables: { documents: pages, versions: pageVersions, owner: pageVersions.pageId },
    async create(tx, handle, { kind, live }: AddOptions) {
      const [created] = await tx
        .insert(pages)
        .values({ handle, kind, liveVersion: live ? 1 : 0 })
        .returning({ id: pages.id });
      return created!.id;
    },
    async insert(tx, pageId, version, body, { live, restoredFrom }) {
      await tx.insert(pageVersions).values({ pageId, version, body, restoredFrom: restoredFrom ?? null, draft: !live });
    },
    async makeLive(tx, id, version, { kind }) {
      await tx.update(pages).set({ liveVersion: version, kind, updatedAt: new Date() }).where(eq(pages.id, id));
    },
  });
  /** Validated pages by id and version: versions never change, so these never go stale. */
  const validated = new Map<string, RenderablePage | { errors: PageError[]; errorCount: number }>();

  /** A stored version validated (defaults filled in), or why it is not valid: checked once per version. */
  function validatedVersion(id: number, version: number, body: unknown) {
    const key = `${id}:${version}`;
    let result = validated.get(key);
    if (!result) {
      // A stored version: a link refused since links are checked as links still shows (as its text).
      const check = validateStoredPage(body);
      result = check.ok ? { id, version, page: check.page } : { errors: check.errors, errorCount: check.errorCount };
      if (validated.size > 2000) validated.clear();
      validated.set(key, result);
    }
    return result;
  }

  /** Adds `body` as the page's next version (the page is created with it when new). */
  async function addVersion(handle: string, body: unknown, options: AddOptions): Promise<SavedPage> {
    const saved = await documents.add(handle, body as Record<string, unknown>, options);
    return options.live ? saved : { ...saved, draft: true };
  }

  async function save(
    handle: string,
    body: unknown,
    opts: { expectedVersion?: number; restoredFrom?: number } = {},
  ): Promise<SavedPage> {
    if (body && typeof body === 'object' && 'handle' in body && (body as { handle: unknown }).handle !== handle) {
      throw invalidPage([{ path: '/handle', message: `must be "${handle}", the handle in the address` }]);
    }
    const { defaultLocale } = await site.get();
    const check = await validatePageInSlices(body, { defaultLocale });
    if (!check.ok) {
      throw invalidPage(check.errors, check.errorCount);
    }
    return addVersion(handle, body, { kind: check.page.kind, live: true, ...opts });
  }

  return {
    save,

    /** Called after every save attempt in this process (caches built on pages drop what they hold). */
    onSaved: documents.onSaved,

    /** The live page, ready to render; 404 for an unknown handle or a page that no longer validates. */
    async renderable(handle: string): Promise<RenderablePage> {
      const row = await documents.live(handle);
      if (!row) throw notFound(`There is no page "${handle}".`);
      const result = validatedVersion(row.id, row.version, row.body);
      if ('errors' in result) {
        throw new ShopError('notFound', `The page "${handle}" (version ${row.version}) is not valid.`, {
          errors: result.errors,
        });
      }
      return result;
    },

    /**
     * Stores `body` as a draft: the next version, not live, shown only through a preview link. It is kept
     * even when it is not valid (the preview lists its errors), but it must be a JSON object.
     */
    async saveDraft(handle: string, body: unknown): Promise<SavedPage> {
      if (!isHandle(handle))
        throw invalidPage([{ path: '/handle', message: 'must be lowercase letters, digits and single hyphens' }]);
      if (!body || typeof body !== 'object' || Array.isArray(body))
        throw invalidPage([{ path: '', message: 'must be an object' }]);
      // A new page saved as a draft has no live version yet: shoppers get the 404 page.
      return addVersion(handle, body, { kind: (body as { kind?: unknown }).kind === 'funnel' ? 'funnel' : 'shop', live: false });
    },

    /** Version `n` of a page (a draft or any other), validated like a live one, for a preview; 404 when there is none. */
    async previewed(handle: string, n: number): Promise<PreviewedVersion> {
      const row = await documents.row(handle);
      const v = await documents.version(row.id, handle, n);
      const result = validatedVersion(row.id, n, v.body);
      return 'errors' in result ? { ok: false, id: row.id, version: n, kind: row.kind, ...result } : { ok: true, ...result };
    },

    async document(handle: string, version?: number): Promise<PageDocument> {
      const row = await documents.row(handle);
      const v = await documents.version(row.id, handle, version ?? row.liveVersion);
      return {
        id: row.id,
        handle: row.handle,
        kind: row.kind,
        version: v.version,
        page: v.body as unknown as Page,
        updatedAt: v.createdAt.toISOString(),
      };
    },

    async list(locale: string): Promise<PageSummary[]> {
      const rows = await db
        .select({
          id: pages.id,
          handle: pages.handle,
          kind: pages.kind,
          version: pages.liveVersion,
          updatedAt: pages.updatedAt,
          body: pageVersions.body,
        })
        .from(pages)
        .innerJoin(pageVersions, and(eq(pageVersions.pageId, pages.id), eq(pageVersions.version, pages.liveVersion)))
        .orderBy(asc(pages.handle));
      return rows.map((r) => ({
        id: r.id,
        handle: r.handle,
        pageCode: r.handle,
        kind: r.kind,
        version: r.version,
        title: localize((r.body as Partial<Page>).title, locale) || r.handle,
        updatedAt: r.updatedAt.toISOString(),
      }));
    },

    async versions(handle: string): Promise<PageVersion[]> {
      const row = await documents.row(handle);
      const rows = await documents.versions(row.id);
      return rows.map((v) => ({
        version: v.version,
        live: v.version === row.liveVersion,
        createdAt: v.createdAt.toISOString(),
        restoredFrom: v.restoredFrom,
        draft: v.draft,
        blockCount: Array.isArray(v.body.blocks) ? v.body.blocks.length : 0,
      }));
    },

    /** Makes version `n` live again by saving a copy of it as the newest version. */
    async restore(handle: string, n: number): Promise<SavedPage> {
      const old = await this.document(handle, n);
      return save(handle, old.page, { restoredFrom: n });
    },
  };
}

export type PageStore = ReturnType<typeof createPageStore>;
