// Customer accounts (issue 25): the account's life, its sessions, the proofs of an email address and the
// limits on failed sign-ins, over one database. The address book, the customer's orders and returns are
// composed here too as they come.
import type { Db } from '../../db/connect';
import type { Reference } from '../reference';
import type { SendAccountMail } from './account-mail';
import { createAccounts } from './accounts';
import { createAddresses } from './addresses';
import { createEmailProofs } from './email-proofs';
import { exportAccount } from './export-account';
import { createSessions } from './sessions';
import { createSignInLimits } from './sign-in-limits';

export interface CustomerOptions {
  /** Hands an account mail to the app (written in the customer's language and sent in the background). */
  mail: SendAccountMail;
  /** The shop's countries and checkout settings: the address book checks addresses with the checkout's rules. */
  reference: Reference;
  now?: () => Date;
}

export function createCustomers(db: Db, options: CustomerOptions) {
  const sessions = createSessions(db, options.now);
  const proofs = createEmailProofs(db, options.now);
  const limits = createSignInLimits(db, options.now);
  const accounts = createAccounts(db, { sessions, proofs, limits, mail: options.mail, now: options.now });
  return {
    sessions,
    proofs,
    limits,
    accounts,
    /** The address book (and the default address a new checkout is filled with). */
    addresses: createAddresses(db, options.reference),
    /** Everything kept of the account (its owner's data export). */
    exportData: (customerId: number, currentSession: number) => exportAccount(db, sessions, customerId, currentSession),
  };
}

export type Customers = ReturnType<typeof createCustomers>;
