// Documents kept in versions (theme pages, funnels): a row per document naming its live version, and a row
// per saved version, never updated or deleted. What pages and funnels share: the live version read
// through a short cache (dropped at once when this process saves), a document or a version by handle
// (404 otherwise), the next version added in one transaction that locks the document and checks the
// version the merchant edited, and the listeners told of every save. What differs (a page's kind, a
// draft, a restored copy) is the kind's own: its `insert` and `makeLive`.
import { and, desc, eq, max } from 'drizzle-orm';
import { isHandle } from '../../schemas/handle';
import type { Db, Executor } from '../db/connect';
import { isUniqueViolation } from '../db/errors';
import { funnels, funnelVersions } from '../db/funnel-schema';
import { pages, pageVersions } from '../db/page-schema';
import type { CacheGroup } from './cache';
import { conflict, notFound } from './errors';

type Body = Record<string, unknown>;

/** The tables of one kind of versioned document. */
export type VersionedTables =
  | { documents: typeof pages; versions: typeof pageVersions; owner: typeof pageVersions.pageId }
  | { documents: typeof funnels; versions: typeof funnelVersions; owner: typeof funnelVersions.funnelId };

/** What a kind of document does its own way. */
export interface VersionedKind<Options, T extends VersionedTables> {
  /** Its name in messages ("page", "funnel"). */
  noun: string;
  tables: T;
  /** Creates the document's row for its first version (live or not); answers its id. */
  create(tx: Executor, handle: string, options: Options): Promise<number>;
  /** Adds version `version` of the document `id`. */
  insert(tx: Executor, id: number, version: number, body: Body, options: Options): Promise<void>;
  /** Makes version `version` the live one of an existing document `id`. */
  makeLive(tx: Executor, id: number, version: number, options: Options): Promise<void>;
}

/** The answer of a save. */
export interface SavedVersion {
  handle: string;
  version: number;
  created: boolean;
}

export function createVersionedDocuments<Options extends { live: boolean; expectedVersion?: number }, T extends VersionedTables>(
  db: Db,
  caches: CacheGroup,
  kind: VersionedKind<Options, T>,
) {
  // The queries are written once for either kind's tables; their rows are the kind's own.
  const { documents, versions, owner } = kind.tables as VersionedTables;
  type DocumentRow = T['documents']['$inferSelect'];
  type VersionRow = T['versions']['$inferSelect'];
  const noun = kind.noun;
  /** Which version is live, per handle: short TTL, dropped at once when this process saves. */
  const live = caches.readThrough<{ id: number; version: number; body: Body } | { missing: true }>({ max: 1000 });
  const savedListeners = new Set<(handle: string) => void>();
  const liveJoin = and(eq(owner, documents.id), eq(versions.version, documents.liveVersion));

  return {
    /** The live version of `handle` (null: none), through the cache. */
    async live(handle: string) {
      // A handle that cannot name a document is not looked up (and not kept in the cache).
      if (!isHandle(handle)) return null;
      const row = await live.get(handle, async () => {
        const [found] = await db
          .select({ id: documents.id, version: documents.liveVersion, body: versions.body })
          .from(documents)
          .innerJoin(versions, liveJoin)
          .where(eq(documents.handle, handle));
        return found ?? { missing: true as const };
      });
      return 'missing' in row ? null : row;
    },

    /** The document's row; 404 when there is none. */
    async row(handle: string): Promise<DocumentRow> {
      if (!isHandle(handle)) throw notFound(`There is no ${noun} "${handle}".`);
      const [row] = await db.select().from(documents).where(eq(documents.handle, handle));
      if (!row) throw notFound(`There is no ${noun} "${handle}".`);
      return row as DocumentRow;
    },

    /** Version `n` of the document `id` (named `handle` in the 404). */
    async version(id: number, handle: string, n: number): Promise<VersionRow> {
      const [v] = await db
        .select()
        .from(versions)
        .where(and(eq(owner, id), eq(versions.version, n)));
      if (!v) throw notFound(`The ${noun} "${handle}" has no version ${n}.`);
      return v as VersionRow;
    },

    /** Every version of the document `id`, the newest first. */
    async versions(id: number): Promise<VersionRow[]> {
      return (await db.select().from(versions).where(eq(owner, id)).orderBy(desc(versions.version))) as VersionRow[];
    },

    /** Every document with its live version's body. */
    liveList() {
      return db
        .select({
          id: documents.id,
          handle: documents.handle,
          version: documents.liveVersion,
          updatedAt: documents.updatedAt,
          body: versions.body,
        })
        .from(documents)
        .innerJoin(versions, liveJoin)
        .orderBy(documents.handle);
    },

    /**
     * Adds `body` as the document's next version in one transaction that locks the document (created with
     * it when new). `expectedVersion`: the live version the merchant edited (409 when another came since).
     * A live version becomes the live one (the cache and listeners hear of it, even when the save fails);
     * a draft leaves it as it is.
     */
    async add(handle: string, body: Body, options: Options): Promise<SavedVersion> {
      try {
        return await db.transaction(async (tx) => {
          const [existing] = await tx.select().from(documents).where(eq(documents.handle, handle)).for('update');
          const { expectedVersion } = options;
          if (expectedVersion !== undefined && expectedVersion !== (existing?.liveVersion ?? 0))
            throw conflict(
              `The ${noun} was changed meanwhile: the live version is ${existing?.liveVersion ?? 'none'}, not ${expectedVersion}. Reload it and apply your change again.`,
            );
          if (!existing) {
            const id = await kind.create(tx, handle, options);
            await kind.insert(tx, id, 1, body, options);
            return { handle, version: 1, created: true };
          }
          const [last] = await tx
            .select({ v: max(versions.version) })
            .from(versions)
            .where(eq(owner, existing.id));
          const version = (last?.v ?? 0) + 1;
          await kind.insert(tx, existing.id, version, body, options);
          if (options.live) await kind.makeLive(tx, existing.id, version, options);
          return { handle, version, created: false };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`The ${noun} was saved by someone else at the same moment. Save again.`);
        throw error;
      } finally {
        // A draft leaves what shoppers see as it was.
        if (options.live) {
          live.delete(handle);
          for (const listener of savedListeners) listener(handle);
        }
      }
    },

    /** Called after every save attempt in this process (caches built on these documents drop what they hold). */
    onSaved(listener: (handle: string) => void): () => void {
      savedListeners.add(listener);
      return () => savedListeners.delete(listener);
    },
  };
}
