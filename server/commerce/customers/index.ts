// Customer accounts (issue 25): the account's life, its sessions, the proofs of an email address and the
// limits on failed sign-ins, over one database. The address book, the customer's orders and returns are
// composed here too as they come.
import type { Order } from '../../../schemas/generated/api';
import type { Db } from '../../db/connect';
import type { OrderRow } from '../orders/rows';
import type { Reference } from '../reference';
import { createReturns, type ReturnsOptions } from '../returns';
import type { SendAccountMail } from './account-mail';
import { createAccounts } from './accounts';
import { createAddresses } from './addresses';
import { createCustomerOrders } from './customer-orders';
import { createEmailProofs } from './email-proofs';
import { exportAccount } from './export-account';
import { createSessions } from './sessions';
import { createSignInLimits } from './sign-in-limits';

export interface CustomerOptions {
  /** Hands an account mail to the app (written in the customer's language and sent in the background). */
  mail: SendAccountMail;
  /** Runs work no answer waits for (accounts.ts says which); by default it runs, its fault only logged. */
  background?: (task: () => Promise<void>) => void;
  log?: (message: string, error?: unknown) => void;
  /** An order as its thank-you page shows it (the customer's order view). */
  readOrder: (row: OrderRow, locale: string) => Promise<Order>;
  /** What returns need: the payment providers (refunds) and the return mails. */
  returns: Omit<ReturnsOptions, 'now'>;
  /** The shop's countries and checkout settings: the address book checks addresses with the checkout's rules. */
  reference: Reference;
  now?: () => Date;
}

export function createCustomers(db: Db, options: CustomerOptions) {
  const sessions = createSessions(db, options.now);
  const proofs = createEmailProofs(db, options.now);
  const limits = createSignInLimits(db, options.now);
  const background =
    options.background ??
    ((task: () => Promise<void>) => void task().catch((error: unknown) => options.log?.('an account task failed', error)));
  const accounts = createAccounts(db, { sessions, proofs, limits, mail: options.mail, background, now: options.now });
  return {
    sessions,
    proofs,
    limits,
    accounts,
    /** The customer's orders and the claiming of guest orders. */
    orders: createCustomerOrders(db, { proofs, mail: options.mail, readOrder: options.readOrder, now: options.now }),
    returns: createReturns(db, { ...options.returns, now: options.now }),
    /** The address book (and the default address a new checkout is filled with). */
    addresses: createAddresses(db, options.reference),
    /** Everything kept of the account (its owner's data export). */
    exportData: (customerId: number, currentSession: number) => exportAccount(db, sessions, customerId, currentSession),
  };
}

export type Customers = ReturnType<typeof createCustomers>;
