// The address book's rows in a caller's transaction: what counts as the same address, and keeping an
// order's address in the book (once, never beyond the limit, the first one the default).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from '../../../test-support/server/customers';
import { TEST_ADDRESS } from '../../../test-support/server/test-address';
import { createTestShop, type TestShop } from '../../../test-support/server/test-app';
import { customerAddresses } from '../../db/customer-schema';
import { ADDRESS_BOOK_LIMIT, cleanAddress, keepInBook, sameAddress } from './address-book';

describe('sameAddress', () => {
  it('ignores case, spacing and the punctuation of a phone number', () => {
    expect(
      sameAddress(TEST_ADDRESS, {
        ...TEST_ADDRESS,
        firstName: ' ada ',
        address1: '1  MARKET street',
        zip: '94 103',
        phone: '+1 (415) 555-0134',
      }),
    ).toBe(true);
  });

  it('tells apart another street, apartment, town, postcode, country or person', () => {
    for (const change of [
      { address1: '2 Market Street' },
      { address2: 'Apt 4' },
      { city: 'Oakland' },
      { zip: '94107' },
      { province: 'NY' },
      { lastName: 'Byron' },
      { phone: '+1 415 555 0135' },
    ])
      expect(sameAddress(TEST_ADDRESS, { ...TEST_ADDRESS, ...change }), JSON.stringify(change)).toBe(false);
  });

  it('cleanAddress keeps the address fields only, trimmed', () => {
    const dirty = { ...TEST_ADDRESS, city: ' San Francisco ', extra: 'x' } as typeof TEST_ADDRESS;
    expect(cleanAddress(dirty)).toEqual(TEST_ADDRESS);
  });
});

describe('keepInBook', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop('pglite');
  });
  afterAll(() => shop.close());

  const keep = (customerId: number, address = TEST_ADDRESS) =>
    shop.database.db.transaction((tx) => keepInBook(tx, customerId, address));
  const book = (customerId: number) =>
    shop.database.db.select().from(customerAddresses).where(eq(customerAddresses.customerId, customerId));

  it('adds an address once, the first as the default', async () => {
    const { id } = await newCustomer(shop);
    expect(await keep(id)).toBe('added');
    expect(await keep(id, { ...TEST_ADDRESS, address1: ' 1 market street ' })).toBe('known');
    expect(await keep(id, { ...TEST_ADDRESS, address1: '9 Market Street' })).toBe('added');
    expect((await book(id)).map((row) => [row.address.address1, row.isDefault])).toEqual([
      ['1 Market Street', true],
      ['9 Market Street', false],
    ]);
  });

  it('adds nothing to a full book, nor for an account that is gone', async () => {
    const { id } = await newCustomer(shop);
    await shop.database.db.insert(customerAddresses).values(
      Array.from({ length: ADDRESS_BOOK_LIMIT }, (_, i) => ({
        customerId: id,
        address: { ...TEST_ADDRESS, address1: `${i + 1} Oak Street` },
        isDefault: i === 0,
      })),
    );
    expect(await keep(id)).toBe('full');
    expect(await book(id)).toHaveLength(ADDRESS_BOOK_LIMIT);
    expect(await keep(2_000_000_000)).toBe('noAccount');
  });
});
