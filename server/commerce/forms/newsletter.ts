// The newsletter (issue 26): sign-up from the footer, the store password page, the account and the
// checkout's box, with double opt-in on the accounts' proof of email (purpose `newsletter`), and a ledger
// of consent (who agreed to which words, when, from where; withdrawals too).
//
// No enumeration: a sign-up is answered alike whether the address is new, waiting or subscribed; what
// differs (the look-ups and the mail) runs after the answer. The one exception says nothing to a
// stranger: a signed-in customer signing up their own subscribed address is told so (50014).
//
// No mail bombing: an address gets at most one confirmation link per COOLDOWN_MS and DAILY_LINKS a day
// (beside the proofs' own hourly limit), and a bot's sign-up (a failed anti-bot check) mails nothing.
import { and, count, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { subscribeProblems } from '../../../schemas/form-rules';
import type { Db } from '../../db/connect';
import { customers } from '../../db/customer-schema';
import { orders } from '../../db/order-schema';
import {
  newsletterConsents,
  newsletterSubscribers,
  type ConsentEvent,
  type SubscribeSource,
  type SubscriberState,
} from '../../db/forms-schema';
import type { SignedInCustomer } from '../shopper';
import type { EmailProofs } from '../customers/email-proofs';
import { maskEmail } from '../customers/accounts';
import { emailKey } from '../email-key';
import { ShopError } from '../errors';
import { refuseProblems } from './field-problems';
import type { SendFormMail } from './form-mail';
import type { FormGuard, Guarded } from './form-guard';
import { isUnsubscribeLink, unsubscribeLink } from './newsletter-links';

/** No second confirmation link to an address within this time. */
export const COOLDOWN_MS = 10 * 60_000;
/** Confirmation links to one address in a day, at most. */
export const DAILY_LINKS = 3;

/**
 * The words a shopper agrees to, by where they agreed: the key of the text in locales/*.json and its
 * version (raise the version when the words' meaning changes: the ledger tells which words each person
 * read). The ledger keeps the words themselves too, in the shopper's language.
 */
export const CONSENT_TEXTS = {
  form: { key: 'newsletter.consent', version: 1 },
  checkout: { key: 'checkout.contact.newsletter', version: 1 },
  account: { key: 'account.fields.newsletter', version: 1 },
  withdrawn: { key: 'newsletter.ledger.unsubscribed', version: 1 },
} as const;

type ConsentText = (typeof CONSENT_TEXTS)[keyof typeof CONSENT_TEXTS];

export interface SubscribeInput extends Guarded {
  email: string;
  source: 'footer' | 'password';
}

/** Who acted: their client address (none for a checkout's box), browser and language. */
export interface Actor {
  ip: string | null;
  userAgent?: string;
  locale: string;
  customer?: SignedInCustomer;
}

export interface NewsletterDeps {
  proofs: EmailProofs;
  guard: FormGuard;
  mail: SendFormMail;
  /** Runs the work no answer waits for (what differs between a new and a known address). */
  background: (task: () => Promise<void>) => void;
  /** A consent text's words in a language (the app's translations). */
  words: (locale: string, key: string) => string;
  /** Signs the unsubscribe links (derived from the merchant token). */
  unsubscribeKey: Buffer;
  log?: (message: string) => void;
  now?: () => Date;
}

const linkInvalid = () => new ShopError('linkInvalid', 'This link is invalid or has expired. Ask for a new one.');

export function createNewsletter(db: Db, deps: NewsletterDeps) {
  const now = deps.now ?? (() => new Date());
  const { proofs, mail, background, words } = deps;
  const byKey = async (key: string) =>
    (await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.emailKey, key)))[0];

  const record = (
    subscriberId: number,
    event: ConsentEvent,
    text: ConsentText,
    actor: Actor,
    extra: { source?: SubscribeSource | null; words?: string; orderId?: number | null } = {},
  ) =>
    db.insert(newsletterConsents).values({
      subscriberId,
      event,
      source: extra.source ?? null,
      textKey: text.key,
      textVersion: text.version,
      text: extra.words ?? words(actor.locale, text.key),
      locale: actor.locale,
      ip: actor.ip,
      userAgent: actor.userAgent?.slice(0, 300) ?? null,
      customerId: actor.customer?.id ?? null,
      orderId: extra.orderId ?? null,
      at: now(),
    });

  /**
   * Mails a confirmation link to the address unless it is subscribed, in its cooldown or at its daily cap;
   * the request goes in the ledger with the words agreed to.
   */
  async function request(email: string, source: SubscribeSource, text: ConsentText, actor: Actor, orderId?: number) {
    const key = emailKey(email);
    await db
      .insert(newsletterSubscribers)
      .values({
        email: email.trim(),
        emailKey: key,
        locale: actor.locale,
        source,
        customerId: actor.customer?.id ?? null,
        createdAt: now(),
      })
      .onConflictDoNothing({ target: newsletterSubscribers.emailKey });
    const row = await byKey(key);
    if (!row || row.state === 'subscribed') return;
    if ((await proofs.issuedSince('newsletter', key, new Date(now().getTime() - 24 * 3600_000))) >= DAILY_LINKS) return;
    // The cooldown is taken in one statement: of two sign-ups at once, in any process, one mails.
    const cooledDown = new Date(now().getTime() - COOLDOWN_MS);
    const [claimed] = await db
      .update(newsletterSubscribers)
      .set({ mailedAt: now(), locale: actor.locale, source })
      .where(
        and(
          eq(newsletterSubscribers.id, row.id),
          or(isNull(newsletterSubscribers.mailedAt), lt(newsletterSubscribers.mailedAt, cooledDown)),
        ),
      )
      .returning();
    if (!claimed) return;
    const secret = await proofs.issueLink('newsletter', key);
    if (!secret) return;
    await record(claimed.id, 'requested', text, actor, { source, orderId });
    mail({
      kind: 'newsletterConfirm',
      to: claimed.email,
      locale: actor.locale,
      secret,
      unsubscribe: unsubscribeLink(deps.unsubscribeKey, claimed.id),
    });
  }

  /** Withdraws the subscriber's consent (kept in the ledger) and the account's flag of the same address. */
  async function withdraw(row: typeof newsletterSubscribers.$inferSelect, actor: Actor) {
    if (row.state === 'unsubscribed') return;
    await db
      .update(newsletterSubscribers)
      .set({ state: 'unsubscribed', unsubscribedAt: now() })
      .where(eq(newsletterSubscribers.id, row.id));
    await record(row.id, 'unsubscribed', CONSENT_TEXTS.withdrawn, { ...actor, locale: row.locale });
    await db.update(customers).set({ acceptsMarketing: false }).where(eq(customers.emailKey, row.emailKey));
  }

  return {
    /**
     * A sign-up from a form: checked like the other forms (a bot's is answered alike and mails nothing),
     * then the confirmation link is mailed after the answer.
     */
    async subscribe(input: SubscribeInput, actor: Actor): Promise<void> {
      refuseProblems('sign-up', subscribeProblems(input));
      const key = emailKey(input.email);
      if (actor.customer && emailKey(actor.customer.email) === key && (await byKey(key))?.state === 'subscribed') {
        throw new ShopError('alreadySubscribed', 'This email address is already subscribed.');
      }
      const screening = await deps.guard.screen('subscribe', input, actor.ip ?? '', key);
      if (screening.overLimit || screening.failedChecks.length) {
        deps.log?.(`a newsletter sign-up was dropped (${screening.overLimit ?? screening.failedChecks.join(', ')})`);
        return;
      }
      background(() => request(input.email, input.source, CONSENT_TEXTS.form, actor));
    },

    /** The checkout's ticked box, once its order is paid: the same double opt-in for the order's email. */
    async fromOrder(orderToken: string): Promise<void> {
      const [order] = await db
        .select({ id: orders.id, email: orders.email, locale: orders.locale, acceptsMarketing: orders.acceptsMarketing })
        .from(orders)
        .where(eq(orders.token, orderToken));
      if (!order?.acceptsMarketing || !order.email) return;
      await request(order.email, 'checkout', CONSENT_TEXTS.checkout, { ip: null, locale: order.locale }, order.id);
    },

    /** A signed-in customer ticked the newsletter on their profile: their address is confirmed by mail too. */
    fromAccount(customer: SignedInCustomer, actor: Actor): void {
      background(() => request(customer.email, 'account', CONSENT_TEXTS.account, { ...actor, customer }));
    },

    /** The mailed link (a POST from its page): subscribed, in the ledger, the account's flag set. */
    async confirm(secret: string, actor: Actor): Promise<{ email: string }> {
      const proven = await proofs.useLink('newsletter', secret);
      if (!proven) throw linkInvalid();
      const [row] = await db
        .update(newsletterSubscribers)
        .set({ state: 'subscribed', confirmedAt: now(), unsubscribedAt: null })
        .where(eq(newsletterSubscribers.emailKey, proven.emailKey))
        .returning();
      if (!row) throw linkInvalid();
      // What is confirmed is what was asked: the words of the request this link was mailed for.
      const [asked] = await db
        .select()
        .from(newsletterConsents)
        .where(and(eq(newsletterConsents.subscriberId, row.id), eq(newsletterConsents.event, 'requested')))
        .orderBy(desc(newsletterConsents.at), desc(newsletterConsents.id))
        .limit(1);
      const text = asked ? { key: asked.textKey, version: asked.textVersion } : CONSENT_TEXTS.form;
      await record(
        row.id,
        'confirmed',
        text as ConsentText,
        { ...actor, locale: asked?.locale ?? row.locale },
        {
          source: row.source,
          words: asked?.text,
          orderId: asked?.orderId,
        },
      );
      await db.update(customers).set({ acceptsMarketing: true }).where(eq(customers.emailKey, row.emailKey));
      mail({
        kind: 'newsletterWelcome',
        to: row.email,
        locale: row.locale,
        unsubscribe: unsubscribeLink(deps.unsubscribeKey, row.id),
      });
      return { email: maskEmail(row.email) };
    },

    /** The unsubscribe link of any newsletter mail (its page, or a mail program's one-click POST). */
    async unsubscribe(link: { id: number; sig: string }, actor: Actor): Promise<{ email: string }> {
      if (!isUnsubscribeLink(deps.unsubscribeKey, link)) throw linkInvalid();
      const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, link.id));
      if (!row) throw linkInvalid();
      await withdraw(row, actor);
      return { email: maskEmail(row.email) };
    },

    /** A signed-in customer unticked the newsletter on their profile. */
    async withdrawAccount(customer: SignedInCustomer, actor: Actor): Promise<void> {
      const row = await byKey(emailKey(customer.email));
      if (row) await withdraw(row, { ...actor, customer });
    },

    /** Subscribers (in a state, all unless told), newest first, each with its ledger. */
    async list(query: { state?: SubscriberState; page: number; pageSize: number }) {
      const where = query.state ? eq(newsletterSubscribers.state, query.state) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(newsletterSubscribers)
          .where(where)
          .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(newsletterSubscribers).where(where),
      ]);
      const ledger = rows.length
        ? await db
            .select()
            .from(newsletterConsents)
            .where(
              inArray(
                newsletterConsents.subscriberId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(newsletterConsents.at, newsletterConsents.id)
        : [];
      return {
        subscribers: rows.map((row) => ({
          ...row,
          unsubscribe: unsubscribeLink(deps.unsubscribeKey, row.id),
          ledger: ledger.filter((line) => line.subscriberId === row.id),
        })),
        total: total?.n ?? 0,
      };
    },
  };
}

export type Newsletter = ReturnType<typeof createNewsletter>;
