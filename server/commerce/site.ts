// Site info (spec section 3): one row of settings, read through a short cache. What a browser may see
// (`get`) leaves the gate's passwords out; the guard reads them (`access`). A merchant's change (`update`)
// is checked, merged under the row's lock, kept in the history with who and when, and told to the caches.
import { createHash } from 'node:crypto';
import { desc, eq, lt, sql } from 'drizzle-orm';
import type { LocalizedMessage, RouteRedirect, Site, SiteSettingsChange, SiteSettingsPatch } from '../../schemas/generated/api';
import type { Db } from '../db/connect';
import { referenceData, siteSettings } from '../db/schema';
import { siteSettingsChanges } from '../db/site-schema';
import type { CacheGroup } from './cache';
import { defaultLocaleNeeded } from './default-locale-rule';
import { badRequest } from './errors';
import type { AccessSettings } from './site-access/access';
import { redirectProblems } from './site-access/redirects';
import { reportedErrors, type FieldError } from './validation';

/** The extDataMap keys that hold passwords: never answered to a browser, masked in the history. */
const SECRET_KEYS = ['passwordProtect_shop', 'passwordProtect_funnel'] as const;

/** Who made a change, as the history keeps it. */
export interface SiteChangeActor {
  actor: string;
  ip: string;
  requestId: string;
}

/** The guard's view of the settings: the mode, the gate and the redirects (server/site-guard.ts). */
export interface SiteAccess extends AccessSettings {
  redirects: RouteRedirect[];
  /** When the mode is expected to end (what Retry-After is made from). */
  endsAt?: string;
}

/** The patch as the history keeps it: a password is only said to be set or cleared. */
function masked(patch: SiteSettingsPatch): Record<string, unknown> {
  if (!patch.extDataMap) return { ...patch };
  const ext: Record<string, unknown> = { ...patch.extDataMap };
  for (const key of SECRET_KEYS) if (typeof ext[key] === 'string') ext[key] = ext[key] === '' ? '(cleared)' : '(set)';
  return { ...patch, extDataMap: ext };
}

/** A merchant's text must have the site's default language (every other language falls back to it). */
function messageProblems(message: LocalizedMessage | undefined, defaultLocale: string, path: string): FieldError[] {
  if (!message || message[defaultLocale] !== undefined) return [];
  return [{ path, message: defaultLocaleNeeded(defaultLocale) }];
}

/**
 * The version of the shop's cookie policy: a digest of its consent categories as stored (their texts in
 * every language, whether each is required or granted by default). A change of them asks every visitor
 * again (renderer/consent/consent-cookie.ts compares the version a choice was made for).
 */
export const cookiePolicyVersion = (categories: unknown) =>
  createHash('sha256')
    .update(canonicalJson(categories ?? []))
    .digest('base64url')
    .slice(0, 10);

/** JSON with every object's keys in order: the same text for the same data, however it was stored (jsonb reorders keys). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

function publicSite(data: Site, cookieCategories: unknown): Site {
  const ext = { ...data.extDataMap };
  for (const key of SECRET_KEYS) delete ext[key];
  ext.cookiePolicyVersion = cookiePolicyVersion(cookieCategories);
  return { ...data, extDataMap: ext };
}

export function createSiteService(db: Db, caches: CacheGroup) {
  const cache = caches.readThrough<{ shown: Site; access: SiteAccess }>({ max: 1 });
  const changedListeners = new Set<() => void>();
  const read = () =>
    cache.get('site', async () => {
      const [[row], [categories]] = await Promise.all([
        db.select().from(siteSettings).where(eq(siteSettings.id, 1)),
        db.select().from(referenceData).where(eq(referenceData.key, 'cookieConfig')),
      ]);
      if (!row) throw new Error('The site settings are missing: the database was not seeded.');
      const stored = row.data as unknown as Site;
      return { shown: publicSite(stored, categories?.value), access: accessOf(stored) };
    });
  return {
    /**
     * A merchant's change: extDataMap keys merged, the redirect list, the mode and the password page's
     * text replaced. Refused whole (400, each problem named by its JSON pointer) when a redirect loops or
     * clashes or a text lacks the default language. Answers the site as a browser sees it.
     */
    async update(patch: SiteSettingsPatch, who: SiteChangeActor): Promise<Site> {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
        if (!row) throw new Error('The site settings are missing: the database was not seeded.');
        const current = row.data as unknown as Site;
        const problems = [
          ...redirectProblems(patch.routeRedirectConfigList ?? []),
          ...messageProblems(patch.siteMode?.message, current.defaultLocale, '/siteMode/message'),
          ...messageProblems(patch.passwordPage?.message, current.defaultLocale, '/passwordPage/message'),
        ];
        if (problems.length) {
          const reported = reportedErrors(problems);
          throw badRequest(
            `The site settings are not valid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`,
            reported,
          );
        }
        const next: Site = {
          ...current,
          extDataMap: { ...current.extDataMap, ...(patch.extDataMap as Record<string, string> | undefined) },
          ...(patch.routeRedirectConfigList && { routeRedirectConfigList: patch.routeRedirectConfigList }),
          ...(patch.siteMode && { siteMode: patch.siteMode }),
          ...(patch.passwordPage && { passwordPage: patch.passwordPage }),
        };
        await tx
          .update(siteSettings)
          .set({ data: next as unknown as Record<string, unknown>, updatedAt: new Date() })
          .where(eq(siteSettings.id, 1));
        await tx.insert(siteSettingsChanges).values({ ...who, patch: masked(patch) });
      });
      this.changed();
      return this.get();
    },
    /**
     * Says the shop's settings changed (these, or reference data a page is drawn from: the cookie
     * categories, the used apps): every cache of this process is dropped and the others are told.
     */
    changed(): void {
      cache.clear();
      for (const listener of changedListeners) listener();
    },
    /** The history of changes, newest first; `before`: an id, for the next page. */
    async changes(query: { limit: number; before?: number }): Promise<SiteSettingsChange[]> {
      const rows = await db
        .select()
        .from(siteSettingsChanges)
        .where(query.before === undefined ? sql`true` : lt(siteSettingsChanges.id, query.before))
        .orderBy(desc(siteSettingsChanges.id))
        .limit(query.limit);
      return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
    },
    onChanged(listener: () => void): () => void {
      changedListeners.add(listener);
      return () => changedListeners.delete(listener);
    },
    /** Site info as a browser may see it (spec section 3), the gate's passwords left out. */
    async get(): Promise<Site> {
      return (await read()).shown;
    },
    /** What the guard decides with: the mode, the gate and its passwords, the redirects. */
    async access(): Promise<SiteAccess> {
      return (await read()).access;
    },
  };
}

/** The guard's view of the stored settings, made once per read of them. */
function accessOf(stored: Site): SiteAccess {
  return {
    mode: stored.siteMode?.state ?? 'live',
    ...(stored.siteMode?.endsAt && { endsAt: stored.siteMode.endsAt }),
    gate: {
      on: stored.extDataMap.passwordProtect === 'ON',
      store: stored.extDataMap.passwordProtect_shop ?? '',
      funnel: stored.extDataMap.passwordProtect_funnel ?? '',
    },
    redirects: stored.routeRedirectConfigList,
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
