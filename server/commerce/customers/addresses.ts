// A signed-in customer's address book (spec section 3, Address; section 7 "Customer": GET and POST
// api/customer/addresses, PUT and DELETE api/customer/addresses/{id}, PUT …/{id}/active), and its default
// address for the checkout ("Addresses for checkout"). Every address is checked with the checkout's own
// rules (addressProblems of update-checkout.ts: required fields, an address line naming a street, the
// postcode of the country, the province where the country has provinces, a phone number, a country the
// shop ships to), so an address of the book always fills a checkout it can be sent to.
//
// The book's rules: at most ADDRESS_BOOK_LIMIT addresses (6020 beyond); the first address is the
// default; deleting the default makes the newest remaining address the default; one default at most
// (a partial unique index). Every change runs in a transaction that first locks the customer's row
// (address-book.ts), so two changes of one book at once (two tabs setting different defaults, two adds at
// the limit) run one after the other instead of breaking these rules. An id of another customer's address
// is answered like an id that does not exist (404).
import { and, desc, eq } from 'drizzle-orm';
import * as rules from '../../../schemas/checkout-rules';
import type { CheckoutAddress, CustomerAddressInput } from '../../../schemas/generated/api';
import type { Db, Tx } from '../../db/connect';
import { customerAddresses } from '../../db/customer-schema';
import { addressProblems } from '../checkout/update-checkout';
import { badRequest, notFound, ShopError, unauthorized } from '../errors';
import { shippingCountries } from '../pricing/shipping';
import type { Reference } from '../reference';
import { ADDRESS_BOOK_LIMIT, cleanAddress, clearDefault, lockBook } from './address-book';

export type AddressRow = typeof customerAddresses.$inferSelect;

const noSuchAddress = () => notFound('There is no such address in your address book.');

/** The book as it is shown: the default first, then the newest first. */
const bookOrder = [desc(customerAddresses.isDefault), desc(customerAddresses.createdAt), desc(customerAddresses.id)];

export function createAddresses(db: Db, reference: Reference) {
  /** The address of an input, checked with the checkout's rules (one 400 naming each bad field, as the checkout's). */
  async function checked(input: CustomerAddressInput): Promise<CheckoutAddress> {
    const address = cleanAddress({ ...input, address2: input.address2 ?? '', province: input.province ?? '' });
    const problems = await problemsOf(address);
    if (problems.length) {
      throw badRequest(`The address is not valid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`, {
        errors: problems,
        errorCount: problems.length,
      });
    }
    return address;
  }

  async function problemsOf(address: CheckoutAddress) {
    const served = new Set(shippingCountries((await reference.checkout()).shippingTemplates));
    return addressProblems(reference, served, address, '');
  }

  /** A change of the book, after the lock on its customer (an account deleted meanwhile: 401). */
  const changeBook = <T>(customerId: number, change: (tx: Tx) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      if (!(await lockBook(tx, customerId))) throw unauthorized('Please sign in again.');
      return change(tx);
    });

  const listIn = (tx: Db | Tx, customerId: number) =>
    tx
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, customerId))
      .orderBy(...bookOrder);

  const ownRow = async (tx: Db | Tx, customerId: number, id: number) => {
    const [row] = await tx
      .select()
      .from(customerAddresses)
      .where(and(eq(customerAddresses.id, id), eq(customerAddresses.customerId, customerId)));
    if (!row) throw noSuchAddress();
    return row;
  };

  async function defaultOf(customerId: number): Promise<AddressRow | null> {
    const [row] = await db
      .select()
      .from(customerAddresses)
      .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.isDefault, true)));
    return row ?? null;
  }

  return {
    /** The customer's addresses, the default first. */
    list: (customerId: number): Promise<AddressRow[]> => listIn(db, customerId),

    /** One address of the customer's (404 for another customer's or none). */
    get: (customerId: number, id: number): Promise<AddressRow> => ownRow(db, customerId, id),

    /** Adds an address (6020 when the book is full); the first one, or one asked to be, is the default. */
    async add(customerId: number, input: CustomerAddressInput): Promise<AddressRow> {
      const address = await checked(input);
      return changeBook(customerId, async (tx) => {
        const book = await tx
          .select({ isDefault: customerAddresses.isDefault })
          .from(customerAddresses)
          .where(eq(customerAddresses.customerId, customerId));
        if (book.length >= ADDRESS_BOOK_LIMIT) {
          throw new ShopError(
            'addressBookFull',
            `Your address book holds ${ADDRESS_BOOK_LIMIT} addresses, as many as it may: delete one first.`,
            { limit: ADDRESS_BOOK_LIMIT },
          );
        }
        const hasDefault = book.some((row) => row.isDefault);
        const isDefault = input.isDefault === true || !hasDefault;
        if (isDefault && hasDefault) await clearDefault(tx, customerId);
        const [row] = await tx.insert(customerAddresses).values({ customerId, address, isDefault }).returning();
        return row!;
      });
    },

    /**
     * Changes an address. `isDefault: true` makes it the default; the default is not taken away by
     * `false` (another address is made the default instead), so a book with addresses keeps one.
     */
    async update(customerId: number, id: number, input: CustomerAddressInput): Promise<AddressRow> {
      const address = await checked(input);
      return changeBook(customerId, async (tx) => {
        const row = await ownRow(tx, customerId, id);
        const makeDefault = input.isDefault === true && !row.isDefault;
        if (makeDefault) await clearDefault(tx, customerId);
        const [saved] = await tx
          .update(customerAddresses)
          .set({ address, isDefault: row.isDefault || makeDefault, updatedAt: new Date() })
          .where(eq(customerAddresses.id, row.id))
          .returning();
        return saved!;
      });
    },

    /** Deletes an address; when it was the default, the newest remaining one is. Answers the book. */
    async remove(customerId: number, id: number): Promise<AddressRow[]> {
      return changeBook(customerId, async (tx) => {
        const [removed] = await tx
          .delete(customerAddresses)
          .where(and(eq(customerAddresses.id, id), eq(customerAddresses.customerId, customerId)))
          .returning();
        if (!removed) throw noSuchAddress();
        if (removed.isDefault) {
          const [newest] = await tx
            .select({ id: customerAddresses.id })
            .from(customerAddresses)
            .where(eq(customerAddresses.customerId, customerId))
            .orderBy(desc(customerAddresses.createdAt), desc(customerAddresses.id))
            .limit(1);
          if (newest)
            await tx
              .update(customerAddresses)
              .set({ isDefault: true, updatedAt: new Date() })
              .where(eq(customerAddresses.id, newest.id));
        }
        return listIn(tx, customerId);
      });
    },

    /** Makes an address the default (spec: PUT api/customer/addresses/{id}/active). Answers the book. */
    async setDefault(customerId: number, id: number): Promise<AddressRow[]> {
      return changeBook(customerId, async (tx) => {
        const row = await ownRow(tx, customerId, id);
        if (!row.isDefault) {
          await clearDefault(tx, customerId);
          await tx
            .update(customerAddresses)
            .set({ isDefault: true, updatedAt: new Date() })
            .where(eq(customerAddresses.id, row.id));
        }
        return listIn(tx, customerId);
      });
    },

    /** The customer's default address, or null. */
    defaultOf,

    /**
     * What a signed-in customer's new checkout starts with: their email, when the checkout's rule takes it
     * (spec section 5; an account's address may hold a character the checkout refuses, and the shopper
     * would be stopped by it), and their default address when the shop can still send to it as it is (it
     * may have stopped shipping to its country since it was saved). Null for what is left to type.
     */
    async checkoutPrefill(customer: { id: number; email: string }) {
      const row = await defaultOf(customer.id);
      const address = row && !(await problemsOf(row.address)).length ? cleanAddress(row.address) : null;
      return { email: rules.email(customer.email) ? null : customer.email.trim(), shippingAddress: address };
    },
  };
}

export type Addresses = ReturnType<typeof createAddresses>;
