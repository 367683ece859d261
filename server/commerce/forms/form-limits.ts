// How often the forms may be sent (issue 26): per client address and per email address, counted in the
// database over a window, so every process of the shop shares the count. A send over a limit is answered
// like any other (a bot learns nothing), and nothing is kept or mailed.
import { and, count, eq, gt, lt, lte } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { formAttempts } from '../../db/forms-schema';

export const LIMIT_WINDOW_MS = 3600_000;

/** Sends a form takes in the window: from one client address, and naming one email address. */
export const FORM_LIMITS_PER_HOUR = {
  contact: { ip: 10, email: 5 },
  feedback: { ip: 10, email: 5 },
  subscribe: { ip: 10, email: 5 },
} as const;

export type FormName = keyof typeof FORM_LIMITS_PER_HOUR;
export type LimitProblem = 'ipLimit' | 'emailLimit';

export function createFormLimits(db: Db) {
  /** Sends of `column = value` in the window up to this one's own row (so of sends at once, the first ones go on). */
  const counted = async (
    form: string,
    column: typeof formAttempts.ip | typeof formAttempts.emailKey,
    value: string,
    upTo: number,
    since: Date,
  ) => {
    const [row] = await db
      .select({ n: count() })
      .from(formAttempts)
      .where(and(eq(formAttempts.form, form), eq(column, value), gt(formAttempts.at, since), lte(formAttempts.id, upTo)));
    return row?.n ?? 0;
  };

  return {
    /** Counts a send; the limit it goes over, or null. */
    async attempt(form: FormName, ip: string, emailKey: string | null, now: Date): Promise<LimitProblem | null> {
      const [row] = await db.insert(formAttempts).values({ form, ip, emailKey, at: now }).returning({ id: formAttempts.id });
      const since = new Date(now.getTime() - LIMIT_WINDOW_MS);
      const limits = FORM_LIMITS_PER_HOUR[form];
      if ((await counted(form, formAttempts.ip, ip, row!.id, since)) > limits.ip) return 'ipLimit';
      if (emailKey && (await counted(form, formAttempts.emailKey, emailKey, row!.id, since)) > limits.email) return 'emailLimit';
      return null;
    },

    /** Drops sends older than the window (the hourly job). */
    async sweep(now: Date): Promise<void> {
      await db.delete(formAttempts).where(lt(formAttempts.at, new Date(now.getTime() - LIMIT_WINDOW_MS)));
    },
  };
}

export type FormLimits = ReturnType<typeof createFormLimits>;
