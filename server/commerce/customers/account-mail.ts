/**
 * The mails of the customer accounts, as the domain hands them to the app (which writes them in the
 * customer's language, server/mail/account-mails.ts, and sends them without making the answer wait).
 */
export type AccountMail =
  /** The activation link of a new account. */
  | { kind: 'activate'; to: string; locale: string; firstName: string; secret: string }
  /** Someone registered with an address that already has an account: its owner is told, nobody else. */
  | { kind: 'alreadyRegistered'; to: string; locale: string; firstName: string }
  | { kind: 'reset'; to: string; locale: string; firstName: string; secret: string }
  /** Sent after a change of password or a reset: `secret` is a reset link that first signs out everywhere. */
  | { kind: 'passwordChanged'; to: string; locale: string; firstName: string; secret?: string }
  /** The link that confirms a new email address of an account. */
  | { kind: 'changeEmail'; to: string; locale: string; firstName: string; secret: string }
  /** A one-time code proving the address (claiming the guest orders placed with it). */
  | { kind: 'code'; to: string; locale: string; firstName: string; code: string };

export type SendAccountMail = (mail: AccountMail) => void;
