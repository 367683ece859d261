// What shoppers write to the shop (issue 26): contact messages (spec sections 3 and 5) and feedback.
// Every send is kept, a bot's too, with the anti-bot checks it failed; only a person's is mailed: to the
// merchant (reply-to the shopper) and, for a contact message, a copy to the shopper.
import { and, count, desc, eq } from 'drizzle-orm';
import { contactProblems, feedbackProblems } from '../../../schemas/form-rules';
import type { Db } from '../../db/connect';
import { shopperMessages, type ShopperMessageKind } from '../../db/forms-schema';
import { emailKey } from '../email-key';
import { refuseProblems } from './field-problems';
import type { SendFormMail } from './form-mail';
import type { FormGuard, Guarded } from './form-guard';

/** Who sent a form: their client address, language and account (when signed in). */
export interface Sender {
  ip: string;
  locale: string;
  customerId?: number;
}

export interface ContactInput extends Guarded {
  name: string;
  email: string;
  phone?: string;
  message: string;
}

export interface FeedbackInput extends Guarded {
  rating: number;
  message: string;
  email?: string;
  pagePath?: string;
}

export type ShopperMessageRow = typeof shopperMessages.$inferSelect;

const optionalText = (value: string | undefined) => (value?.trim() ? value.trim() : null);

export function createShopperMessages(
  db: Db,
  deps: { guard: FormGuard; mail: SendFormMail; log?: (message: string) => void; now?: () => Date },
) {
  const now = deps.now ?? (() => new Date());
  const { guard, mail } = deps;

  /** Keeps a screened send; null when it went over a limit (nothing kept). */
  const keep = async (
    kind: ShopperMessageKind,
    sent: Guarded,
    sender: Sender,
    address: string | null,
    values: Omit<typeof shopperMessages.$inferInsert, 'kind' | 'locale' | 'ip' | 'customerId' | 'failedChecks' | 'spam'>,
  ): Promise<ShopperMessageRow | null> => {
    const screening = await guard.screen(kind, sent, sender.ip, address ? emailKey(address) : null);
    if (screening.overLimit) {
      deps.log?.(`a ${kind} message over the ${screening.overLimit} was dropped`);
      return null;
    }
    const spam = screening.failedChecks.length > 0;
    const [row] = await db
      .insert(shopperMessages)
      .values({
        ...values,
        kind,
        locale: sender.locale,
        ip: sender.ip,
        customerId: sender.customerId ?? null,
        failedChecks: screening.failedChecks,
        spam,
        createdAt: now(),
        mailedAt: spam ? null : now(),
      })
      .returning();
    return row!;
  };

  return {
    /** A contact message: kept, and (a person's) mailed to the merchant and copied to the shopper. */
    async contact(input: ContactInput, sender: Sender): Promise<void> {
      refuseProblems('contact message', contactProblems(input));
      const row = await keep('contact', input, sender, input.email, {
        name: input.name.trim(),
        email: input.email.trim(),
        phone: optionalText(input.phone),
        message: input.message.trim(),
      });
      if (!row || row.spam) return;
      mail({
        kind: 'contact',
        to: 'merchant',
        replyTo: row.email!,
        locale: row.locale,
        id: row.id,
        name: row.name!,
        email: row.email!,
        phone: row.phone,
        message: row.message,
      });
      mail({ kind: 'contactCopy', to: row.email!, locale: row.locale, name: row.name!, message: row.message });
    },

    /** Feedback: kept, and (a person's) mailed to the merchant. */
    async feedback(input: FeedbackInput, sender: Sender): Promise<void> {
      refuseProblems('feedback', feedbackProblems({ rating: input.rating, message: input.message, email: input.email }));
      const row = await keep('feedback', input, sender, optionalText(input.email), {
        rating: input.rating,
        email: optionalText(input.email),
        message: input.message.trim(),
        pagePath: optionalText(input.pagePath),
      });
      if (!row || row.spam) return;
      mail({
        kind: 'feedback',
        to: 'merchant',
        replyTo: row.email,
        locale: row.locale,
        id: row.id,
        rating: row.rating!,
        message: row.message,
        pagePath: row.pagePath,
      });
    },

    /** The messages of a kind, newest first, a page at a time (the merchant's list); bots' when asked. */
    async list(query: { kind: ShopperMessageKind; spam?: boolean; page: number; pageSize: number }) {
      const where = and(
        eq(shopperMessages.kind, query.kind),
        query.spam === undefined ? undefined : eq(shopperMessages.spam, query.spam),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(shopperMessages)
          .where(where)
          .orderBy(desc(shopperMessages.createdAt), desc(shopperMessages.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(shopperMessages).where(where),
      ]);
      return { messages: rows, total: total?.n ?? 0 };
    },
  };
}

export type ShopperMessages = ReturnType<typeof createShopperMessages>;
