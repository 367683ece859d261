// Cookie consent (issue 27; spec sections 2, 3, 4 and 9): the categories the banner offers, the defaults
// the merchant chose, each visitor's choice kept as proof, and the merchant's change of the categories.
//
// Defaults: `essential` is always granted; analytics and advertising are granted before any choice only
// when the site's extDataMap.cookieAccepted is ON (spec: "default denied or granted according to config").
// extDataMap.cookie ON shows the banner to a visitor without a choice for the current policy version.
import { desc, eq } from 'drizzle-orm';
import type { ConsentRecordView, CookieCategory, CookieCategoriesUpdate } from '../../../schemas/generated/api';
import { consentPolicyOf, type ConsentPolicy } from '../../../schemas/consent-policy';
import { localize } from '../../../schemas/localized-text';
import { consentRecords } from '../../db/consent-schema';
import type { Db } from '../../db/connect';
import { referenceData } from '../../db/schema';
import { defaultLocaleNeeded } from '../default-locale-rule';
import { badRequest, conflict } from '../errors';
import type { createSiteService } from '../site';
import { reportedErrors, type FieldError } from '../validation';

type SiteService = ReturnType<typeof createSiteService>;

/** The categories as stored: texts by locale. */
interface StoredCategory {
  code: CookieCategory['code'];
  required: boolean;
  defaultGranted: boolean;
  name: Record<string, string>;
  description: Record<string, string>;
}

export interface ConsentChoiceInput {
  analytics: boolean;
  advertising: boolean;
  version: string;
  source: 'banner' | 'preferences';
}

const CODES: readonly CookieCategory['code'][] = ['essential', 'analytics', 'advertising'];

export function createConsent(db: Db, site: SiteService) {
  const stored = async (): Promise<StoredCategory[]> => {
    const [row] = await db.select().from(referenceData).where(eq(referenceData.key, 'cookieConfig'));
    return (row?.value as StoredCategory[] | undefined) ?? [];
  };
  return {
    async policy(): Promise<ConsentPolicy> {
      return consentPolicyOf((await site.get()).extDataMap);
    },

    /** The banner's categories in the visitor's language (GET /api/cookieConfig/list). */
    async categories(locale: string): Promise<CookieCategory[]> {
      const [{ acceptedByDefault }, categories] = await Promise.all([this.policy(), stored()]);
      return categories.map((c) => ({
        code: c.code,
        required: c.code === 'essential',
        defaultGranted: c.code === 'essential' || acceptedByDefault,
        name: localize(c.name, locale),
        description: localize(c.description, locale),
      }));
    },

    /**
     * Keeps a visitor's choice (proof of consent: which policy, which categories, when, from where). A
     * choice made for an older policy is refused: the visitor is asked again with the current texts.
     */
    async record(
      choice: ConsentChoiceInput,
      who: { visitorId: string; customerId?: number; ip: string },
    ): Promise<{ version: string; at: string }> {
      const { version } = await this.policy();
      if (choice.version !== version)
        throw conflict('The cookie policy changed since the page was loaded: please choose again.', { version });
      const [row] = await db
        .insert(consentRecords)
        .values({
          visitorId: who.visitorId,
          customerId: who.customerId ?? null,
          policyVersion: version,
          analytics: choice.analytics,
          advertising: choice.advertising,
          source: choice.source,
          ip: who.ip,
        })
        .returning({ at: consentRecords.at });
      return { version, at: row!.at.toISOString() };
    },

    /** A visitor's choices, newest first (the merchant's proof of consent). */
    async ofVisitor(visitorId: string): Promise<ConsentRecordView[]> {
      const rows = await db
        .select()
        .from(consentRecords)
        .where(eq(consentRecords.visitorId, visitorId))
        .orderBy(desc(consentRecords.id))
        .limit(500);
      return rows.map(viewOf);
    },

    /**
     * The merchant's categories (PUT /api/cookieConfig): each of the three once, every text in the shop's
     * default language. Refused whole (400, each problem by its JSON pointer), nothing saved. A change
     * makes a new policy version: every visitor is asked again.
     */
    async updateCategories(update: CookieCategoriesUpdate): Promise<void> {
      const { defaultLocale } = await site.get();
      const problems: FieldError[] = [];
      update.categories.forEach((c, i) => {
        if (update.categories.findIndex((o) => o.code === c.code) !== i)
          problems.push({ path: `/categories/${i}/code`, message: `The category ${c.code} is given twice.` });
        for (const field of ['name', 'description'] as const)
          if (c[field][defaultLocale] === undefined)
            problems.push({
              path: `/categories/${i}/${field}`,
              message: defaultLocaleNeeded(defaultLocale),
            });
      });
      for (const code of CODES)
        if (!update.categories.some((c) => c.code === code))
          problems.push({ path: '/categories', message: `The category ${code} is missing.` });
      if (problems.length)
        throw badRequest(
          `The cookie categories are not valid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`,
          reportedErrors(problems),
        );
      const value: StoredCategory[] = CODES.map((code) => {
        const c = update.categories.find((o) => o.code === code)!;
        return {
          code,
          required: code === 'essential',
          defaultGranted: code === 'essential',
          name: c.name,
          description: c.description,
        };
      });
      await db
        .insert(referenceData)
        .values({ key: 'cookieConfig', value })
        .onConflictDoUpdate({ target: referenceData.key, set: { value } });
      site.changed();
    },
  };
}

export type Consent = ReturnType<typeof createConsent>;

function viewOf(row: typeof consentRecords.$inferSelect): ConsentRecordView {
  return {
    policyVersion: row.policyVersion,
    analytics: row.analytics,
    advertising: row.advertising,
    source: row.source as ConsentRecordView['source'],
    at: row.at.toISOString(),
  };
}
