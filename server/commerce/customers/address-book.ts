// The address book's rows inside a caller's transaction: the lock every change of one customer's book
// takes, and keeping an order's shipping address in the book ("save this information" at the checkout,
// run in the transaction that places the order). The calls of the book are in addresses.ts.
import { and, eq } from 'drizzle-orm';
import type { CheckoutAddress } from '../../../schemas/generated/api';
import type { Executor } from '../../db/connect';
import { customerAddresses, customers } from '../../db/customer-schema';

/**
 * How many addresses one customer's book may hold: more than any household needs, few enough that a
 * script cannot fill the database through one account.
 */
export const ADDRESS_BOOK_LIMIT = 50;

/**
 * Locks the customer's row for the rest of the transaction, so changes of one book run one after the
 * other: the count against the limit, "the first address is the default" and moving the default (one
 * at most: a partial unique index) see the book as the change before them left it. `no key update`
 * does not wait for, nor block, the inserts that only reference the customer (a new session).
 * False when the account is gone. Only meaningful inside a transaction (`db.transaction`).
 */
export async function lockBook(tx: Executor, customerId: number): Promise<boolean> {
  const [row] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('no key update');
  return row !== undefined;
}

/** The fields of an address, each trimmed, in the book's order (nothing else of the input is kept). */
export function cleanAddress(input: CheckoutAddress): CheckoutAddress {
  const text = (value: string | undefined) => (value ?? '').trim();
  return {
    firstName: text(input.firstName),
    lastName: text(input.lastName),
    country: text(input.country),
    province: text(input.province),
    city: text(input.city),
    address1: text(input.address1),
    address2: text(input.address2),
    zip: text(input.zip),
    phone: text(input.phone),
  };
}

/** Whether two addresses are the same place and person, whatever their case, spacing and phone punctuation. */
export function sameAddress(a: CheckoutAddress, b: CheckoutAddress): boolean {
  const words = (value: string | undefined) => (value ?? '').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  const digits = (value: string | undefined) => (value ?? '').replace(/\D/g, '');
  return (
    (['firstName', 'lastName', 'country', 'province', 'city', 'address1', 'address2'] as const).every(
      (field) => words(a[field]) === words(b[field]),
    ) &&
    words(a.zip).replace(/\s/g, '') === words(b.zip).replace(/\s/g, '') &&
    digits(a.phone) === digits(b.phone)
  );
}

/**
 * Keeps an order's shipping address in the customer's book, unless it is there already or the book is
 * full (the order matters more than the book: it is placed either way). The first address of a book is
 * its default. Runs in the caller's transaction (the order's).
 */
export async function keepInBook(
  tx: Executor,
  customerId: number,
  address: CheckoutAddress,
): Promise<'added' | 'known' | 'full' | 'noAccount'> {
  if (!(await lockBook(tx, customerId))) return 'noAccount';
  const book = await tx
    .select({ address: customerAddresses.address, isDefault: customerAddresses.isDefault })
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId));
  if (book.some((row) => sameAddress(row.address, address))) return 'known';
  if (book.length >= ADDRESS_BOOK_LIMIT) return 'full';
  await tx.insert(customerAddresses).values({
    customerId,
    address: cleanAddress(address),
    isDefault: !book.some((row) => row.isDefault),
  });
  return 'added';
}

/** Takes the default from whichever address of the book has it (before another one gets it). */
export async function clearDefault(tx: Executor, customerId: number): Promise<void> {
  await tx
    .update(customerAddresses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.isDefault, true)));
}
