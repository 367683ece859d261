// The signed-in customer's address book (spec section 7 "Customer": GET and POST api/customer/addresses,
// PUT and DELETE api/customer/addresses/{id}, PUT api/customer/addresses/{id}/active) and its default
// address for the checkout ("Addresses for checkout": GET api/customer/addresses/default/{customerId} and
// GET api/customer/addresses/default?email=…). Every call acts for the signed-in customer only: an id of
// another customer's address, another customer's id or another email is answered 404, exactly as an
// address that does not exist, and without a session the answer is 401 whatever the query names.
import { Hono, type Context } from 'hono';
import type { CustomerAddress, CustomerAddressInput, DefaultAddressQuery } from '../../schemas/generated/api';
import { ADDRESS_BOOK_LIMIT } from '../commerce/customers/address-book';
import type { AddressRow } from '../commerce/customers/addresses';
import { emailKey } from '../commerce/email-key';
import { notFound } from '../commerce/errors';
import type { ApiDeps } from './deps';
import { describeRoute } from './describe-route';
import { ok } from './envelope';
import { requireCustomer } from './request-context';
import { valid, validate } from './validate';

/** An address of the book as the API answers it (spec section 3, Address). */
export const addressView = (row: AddressRow): CustomerAddress => ({
  id: row.id,
  customerId: row.customerId,
  firstName: row.address.firstName,
  lastName: row.address.lastName,
  address1: row.address.address1,
  address2: row.address.address2,
  city: row.address.city,
  country: row.address.country,
  province: row.address.province,
  zip: row.address.zip,
  phone: row.address.phone,
  isDefault: row.isDefault,
});

const MAX_ID = 2_147_483_647;
const noDefault = () => notFound('There is no default address.');

/** A path parameter naming a row: digits within the ids a row can have; anything else names nothing (404). */
function idParam(c: Context, name: string): number | null {
  const text = c.req.param(name) ?? '';
  const id = /^[0-9]{1,10}$/.test(text) ? Number(text) : NaN;
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** The address id of the path (404 when it names none). */
function addressId(c: Context): number {
  const id = idParam(c, 'id');
  if (id === null) throw notFound('There is no such address in your address book.');
  return id;
}

export function customerAddressRoutes({ commerce }: ApiDeps) {
  const { addresses } = commerce.customers;
  const book = (rows: AddressRow[]) => rows.map(addressView);
  /** The signed-in customer's default address, or 404 as when there is none. */
  const ownDefault = async (customerId: number) => {
    const row = await addresses.defaultOf(customerId);
    if (!row) throw noDefault();
    return addressView(row);
  };

  return (
    new Hono()
      .get(
        '/customer/addresses',
        describeRoute({
          summary: "The signed-in customer's address book, the default first",
          tag: 'Customer',
          response: 'CustomerAddress[]',
          caller: 'customer',
        }),
        async (c) => ok<CustomerAddress[]>(c, book(await addresses.list(requireCustomer(c).id))),
      )
      .post(
        '/customer/addresses',
        describeRoute({
          summary: `Adds an address, checked as the checkout checks it (6020: the book holds ${ADDRESS_BOOK_LIMIT} already); the first is the default`,
          tag: 'Customer',
          response: 'CustomerAddress',
          caller: 'customer',
        }),
        validate('json', 'CustomerAddressInput'),
        async (c) => {
          const row = await addresses.add(requireCustomer(c).id, valid<CustomerAddressInput>(c, 'json'));
          return ok<CustomerAddress>(c, addressView(row), 201);
        },
      )
      // The default's calls before …/{id}: "default" is no address id.
      .get(
        '/customer/addresses/default',
        describeRoute({
          summary:
            "The signed-in customer's default address, for the checkout; an email other than the customer's gets 404 as no default does",
          tag: 'Customer',
          response: 'CustomerAddress',
          caller: 'customer',
        }),
        validate('query', 'DefaultAddressQuery'),
        async (c) => {
          const customer = requireCustomer(c);
          const { email } = valid<DefaultAddressQuery>(c, 'query');
          if (email !== undefined && emailKey(email) !== emailKey(customer.email)) throw noDefault();
          return ok<CustomerAddress>(c, await ownDefault(customer.id));
        },
      )
      .get(
        '/customer/addresses/default/:customerId',
        describeRoute({
          summary:
            "The signed-in customer's default address, for the checkout; another customer's id gets 404 as no default does",
          tag: 'Customer',
          response: 'CustomerAddress',
          caller: 'customer',
        }),
        async (c) => {
          const customer = requireCustomer(c);
          if (idParam(c, 'customerId') !== customer.id) throw noDefault();
          return ok<CustomerAddress>(c, await ownDefault(customer.id));
        },
      )
      .get(
        '/customer/addresses/:id',
        describeRoute({
          summary: "One address of the signed-in customer's book (404: none of theirs)",
          tag: 'Customer',
          response: 'CustomerAddress',
          caller: 'customer',
        }),
        async (c) => ok<CustomerAddress>(c, addressView(await addresses.get(requireCustomer(c).id, addressId(c)))),
      )
      .put(
        '/customer/addresses/:id',
        describeRoute({
          summary: 'Changes an address, checked as the checkout checks it; isDefault makes it the default (404: none of theirs)',
          tag: 'Customer',
          response: 'CustomerAddress',
          caller: 'customer',
        }),
        validate('json', 'CustomerAddressInput'),
        async (c) => {
          const customer = requireCustomer(c);
          const row = await addresses.update(customer.id, addressId(c), valid<CustomerAddressInput>(c, 'json'));
          return ok<CustomerAddress>(c, addressView(row));
        },
      )
      .delete(
        '/customer/addresses/:id',
        describeRoute({
          summary:
            'Deletes an address; when it was the default, the newest remaining one is (404: none of theirs). Answers the book',
          tag: 'Customer',
          response: 'CustomerAddress[]',
          caller: 'customer',
        }),
        async (c) => {
          const customer = requireCustomer(c);
          return ok<CustomerAddress[]>(c, book(await addresses.remove(customer.id, addressId(c))));
        },
      )
      .put(
        '/customer/addresses/:id/active',
        describeRoute({
          summary: 'Makes an address the default (404: none of theirs). Answers the book',
          tag: 'Customer',
          response: 'CustomerAddress[]',
          caller: 'customer',
        }),
        async (c) => {
          const customer = requireCustomer(c);
          return ok<CustomerAddress[]>(c, book(await addresses.setDefault(customer.id, addressId(c))));
        },
      )
  );
}
