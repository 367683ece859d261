// The account's life (spec sections 4 and 5, issue 25): register, activate by mail, sign in and out,
// forgotten and reset password, change of password, profile and email, sessions, data export, deletion.
//
// No account enumeration: register, sign-in and forgotten-password answer alike, in about the same time,
// for known and unknown addresses. Registering a known address mails its owner and changes nothing;
// "not activated" is said only after the right password. Mails are handed off, never awaited.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { customers } from '../../db/customer-schema';
import { ShopError, unauthorized } from '../errors';
import type { SendAccountMail } from './account-mail';
import { emailKey } from '../email-key';
import type { EmailProofs } from './email-proofs';
import { checkNewPassword, hashPassword, verifyNothing, verifyPassword } from './passwords';
import type { CustomerRow, Sessions } from './sessions';
import type { SignInLimits } from './sign-in-limits';

export interface AccountDeps {
  sessions: Sessions;
  proofs: EmailProofs;
  limits: SignInLimits;
  mail: SendAccountMail;
  /**
   * Runs work the answer must not wait for (what differs between a known and an unknown address: the
   * look-ups and mails after register and forgotten password), so both answer in the same time.
   */
  background: (task: () => Promise<void>) => void;
  now?: () => Date;
}

export interface Registration {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  acceptsMarketing?: boolean;
}

/** A session handed out: the token for the cookie or the client, and the account. */
export interface Started {
  token: string;
  sessionId: number;
  customer: CustomerRow;
}

const linkInvalid = () => new ShopError('linkInvalid', 'This link is invalid or has expired. Ask for a new one.');

export function createAccounts(db: Db, deps: AccountDeps) {
  const { sessions, proofs, limits, mail, background } = deps;
  const now = deps.now ?? (() => new Date());
  const byKey = async (key: string) => (await db.select().from(customers).where(eq(customers.emailKey, key)))[0];
  const byId = async (id: number) => (await db.select().from(customers).where(eq(customers.id, id)))[0];
  const mustExist = async (id: number) => {
    const row = await byId(id);
    if (!row) throw unauthorized('Please sign in again.');
    return row;
  };

  const mailActivation = async (row: CustomerRow) => {
    const secret = await proofs.issueLink('activate', row.email, row.id);
    if (secret) mail({ kind: 'activate', to: row.email, locale: row.locale, firstName: row.firstName, secret });
  };

  return {
    byId,

    /**
     * A new account waiting for its activation mail. An address that has one already gets a mail saying
     * so (or, still waiting, a new activation link), and the answer is the same: nothing tells a stranger.
     */
    async register(input: Registration, locale: string): Promise<void> {
      const key = emailKey(input.email);
      checkNewPassword(input.password, key);
      const passwordHash = await hashPassword(input.password);
      const [created] = await db
        .insert(customers)
        .values({
          email: input.email.trim(),
          emailKey: key,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          passwordHash,
          acceptsMarketing: input.acceptsMarketing ?? false,
          locale,
          createdAt: now(),
        })
        .onConflictDoNothing({ target: customers.emailKey })
        .returning();
      background(async () => {
        if (created) return mailActivation(created);
        const known = await byKey(key);
        if (!known) return;
        if (known.state === 'pending') return mailActivation(known);
        mail({ kind: 'alreadyRegistered', to: known.email, locale: known.locale, firstName: known.firstName });
      });
    },

    /** Mails a new activation link to an account still waiting for it; answers alike for any address. */
    resendActivation(email: string): void {
      background(async () => {
        const known = await byKey(emailKey(email));
        if (known?.state === 'pending') await mailActivation(known);
      });
    },

    /** The activation link: the account is active (its email proven) and signed in. */
    async activate(secret: string, userAgent?: string): Promise<Started> {
      const proven = await proofs.useLink('activate', secret);
      if (!proven?.customerId) throw linkInvalid();
      const [row] = await db
        .update(customers)
        .set({ state: 'active', activatedAt: now() })
        .where(and(eq(customers.id, proven.customerId), eq(customers.emailKey, proven.emailKey)))
        .returning();
      if (!row) throw linkInvalid();
      const { token, session } = await sessions.start(row.id, userAgent);
      return { token, sessionId: session.id, customer: row };
    },

    /**
     * Signs in: 6001 for an unknown address or a wrong password alike (the same time spent), 6002 only
     * after the right password, 6007 over the limit of failures (per account and per client address).
     */
    async signIn(
      email: string,
      password: string,
      context: { ip: string; userAgent?: string; locale?: string },
    ): Promise<Started> {
      const key = emailKey(email);
      const attempt = await limits.attempt(key, context.ip);
      const known = await byKey(key);
      const right = known ? await verifyPassword(known.passwordHash, password) : await verifyNothing(password);
      if (!known || !right) throw new ShopError('signInFailed', 'The email or the password is incorrect.');
      await attempt.succeeded();
      if (known.state !== 'active') {
        throw new ShopError('notActivated', 'This account is not activated yet: open the link in the mail we sent you.', {
          resend: true,
        });
      }
      const { token, session } = await sessions.start(known.id, context.userAgent);
      return { token, sessionId: session.id, customer: known };
    },

    signOut: (customerId: number, sessionId: number) => sessions.end(customerId, sessionId),

    /** Mails a reset link when the address has an account (a waiting account gets its activation link). */
    forgotPassword(email: string): void {
      background(async () => {
        const known = await byKey(emailKey(email));
        if (!known) return;
        if (known.state === 'pending') return mailActivation(known);
        const secret = await proofs.issueLink('reset', known.email, known.id);
        if (secret) mail({ kind: 'reset', to: known.email, locale: known.locale, firstName: known.firstName, secret });
      });
    },

    /**
     * Checks a reset link before its form is shown, and signs the account out everywhere (the link is
     * also the "this wasn't me" of the password-changed mail): its address, partly hidden.
     */
    async checkResetLink(secret: string): Promise<{ email: string }> {
      const proven = await proofs.peekLink('reset', secret);
      if (!proven?.customerId) throw linkInvalid();
      await sessions.endAll(proven.customerId);
      const row = await byId(proven.customerId);
      if (!row) throw linkInvalid();
      return { email: maskEmail(row.email) };
    },

    /** Sets a new password with a reset link: every session ends, a new one starts (signed in). */
    async resetPassword(secret: string, password: string, userAgent?: string): Promise<Started> {
      const peek = await proofs.peekLink('reset', secret);
      if (!peek?.customerId) throw linkInvalid();
      checkNewPassword(password, peek.emailKey);
      const passwordHash = await hashPassword(password);
      const proven = await proofs.useLink('reset', secret);
      if (!proven?.customerId) throw linkInvalid();
      // The link proves the address too: an account waiting for activation is active now.
      const [row] = await db
        .update(customers)
        .set({ passwordHash, passwordChangedAt: now(), state: 'active', activatedAt: now() })
        .where(eq(customers.id, proven.customerId))
        .returning();
      if (!row) throw linkInvalid();
      await sessions.endAll(row.id);
      const { token, session } = await sessions.start(row.id, userAgent);
      mail({ kind: 'passwordChanged', to: row.email, locale: row.locale, firstName: row.firstName });
      return { token, sessionId: session.id, customer: row };
    },

    /**
     * A new password for the signed-in customer, after the current one (its failures counted as sign-in
     * failures): every other session ends and this one gets a new token.
     */
    async changePassword(
      customerId: number,
      input: { password: string; newPassword: string },
      context: { ip: string; userAgent?: string },
    ): Promise<Started> {
      const row = await mustExist(customerId);
      const attempt = await limits.attempt(row.emailKey, context.ip);
      if (!(await verifyPassword(row.passwordHash, input.password))) {
        throw new ShopError('currentPasswordWrong', 'The current password is not right.');
      }
      await attempt.succeeded();
      checkNewPassword(input.newPassword, row.emailKey);
      const passwordHash = await hashPassword(input.newPassword);
      const [updated] = await db
        .update(customers)
        .set({ passwordHash, passwordChangedAt: now() })
        .where(eq(customers.id, customerId))
        .returning();
      await sessions.endAll(customerId);
      const started = await sessions.start(customerId, context.userAgent);
      const secret = await proofs.issueLink('reset', row.email, row.id);
      mail({ kind: 'passwordChanged', to: row.email, locale: row.locale, firstName: row.firstName, secret });
      return { token: started.token, sessionId: started.session.id, customer: updated! };
    },

    /** Names, newsletter and language; a new email waits for the link mailed to it (`emailPending`). */
    async updateProfile(
      customerId: number,
      input: { firstName?: string; lastName?: string; acceptsMarketing?: boolean; email?: string; locale?: string },
    ): Promise<{ customer: CustomerRow; emailPending: boolean }> {
      const row = await mustExist(customerId);
      const [updated] = await db
        .update(customers)
        .set({
          ...(input.firstName !== undefined && { firstName: input.firstName.trim() }),
          ...(input.lastName !== undefined && { lastName: input.lastName.trim() }),
          ...(input.acceptsMarketing !== undefined && { acceptsMarketing: input.acceptsMarketing }),
          ...(input.locale !== undefined && { locale: input.locale }),
        })
        .where(eq(customers.id, customerId))
        .returning();
      let emailPending = false;
      if (input.email !== undefined && emailKey(input.email) !== row.emailKey) {
        emailPending = true;
        // Whether the new address has an account is not told; the change applies only if it still has none.
        const secret = await proofs.issueLink('changeEmail', input.email, customerId);
        if (secret) mail({ kind: 'changeEmail', to: input.email.trim(), locale: row.locale, firstName: row.firstName, secret });
      }
      return { customer: updated!, emailPending };
    },

    /** The link mailed to a new address: the account's email is that address from now on. */
    async confirmEmail(secret: string): Promise<CustomerRow> {
      const proven = await proofs.useLink('changeEmail', secret);
      if (!proven?.customerId) throw linkInvalid();
      if (await byKey(proven.emailKey)) throw linkInvalid();
      const [row] = await db
        .update(customers)
        .set({ email: proven.emailKey, emailKey: proven.emailKey })
        .where(eq(customers.id, proven.customerId))
        .returning();
      if (!row) throw linkInvalid();
      return row;
    },

    /** Deletes the account after its password: sessions, addresses and the link to its orders go with it. */
    async deleteAccount(customerId: number, password: string, ip: string): Promise<void> {
      const row = await mustExist(customerId);
      const attempt = await limits.attempt(row.emailKey, ip);
      if (!(await verifyPassword(row.passwordHash, password))) {
        throw new ShopError('currentPasswordWrong', 'The current password is not right.');
      }
      await attempt.succeeded();
      await db.delete(customers).where(eq(customers.id, customerId));
    },
  };
}

/** a•••@example.com: enough for its owner to recognise, not for a stranger to read. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

export type Accounts = ReturnType<typeof createAccounts>;
