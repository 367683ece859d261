// The address book as a signed-in customer meets it: add, list, change, set the default, delete; the
// checkout's rules on every address; the limit; the default address for the checkout; and that another
// customer (or nobody) learns nothing of it. The races of one book are on PostgreSQL, several
// connections at once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerAddress } from '../../schemas/generated/api';
import { newCustomer, type TestCustomer } from '../../test-support/server/customers';
import { DUTCH_ADDRESS, TEST_ADDRESS } from '../../test-support/server/test-address';
import { createTestShop, PUBLIC_URL, readEnvelope, type TestShop } from '../../test-support/server/test-app';
import { ADDRESS_BOOK_LIMIT } from '../commerce/customers/address-book';
import { customerAddresses } from '../db/customer-schema';

const HOME = { ...TEST_ADDRESS, address2: 'Apt 4' };
const WORK = { ...TEST_ADDRESS, address1: '500 Howard Street', zip: '94105' };

type Headers = Record<string, string>;
const call = async <T = CustomerAddress>(shop: TestShop, headers: Headers, method: string, path: string, body?: unknown) =>
  readEnvelope<T>(
    await shop.app.request(`/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
const as = (shop: TestShop, customer: TestCustomer) => ({
  get: <T = CustomerAddress>(path: string) => call<T>(shop, customer.headers, 'GET', path),
  post: <T = CustomerAddress>(path: string, body: unknown) => call<T>(shop, customer.headers, 'POST', path, body),
  put: <T = CustomerAddress>(path: string, body?: unknown) => call<T>(shop, customer.headers, 'PUT', path, body),
  delete: <T = CustomerAddress[]>(path: string) => call<T>(shop, customer.headers, 'DELETE', path),
});

describe('the address book (PGlite)', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop('pglite');
  });
  afterAll(() => shop.close());

  it('keeps addresses: the first is the default, another can become it, the default is listed first', async () => {
    const customer = await newCustomer(shop);
    const book = as(shop, customer);
    expect((await book.get<CustomerAddress[]>('/customer/addresses')).data).toEqual([]);

    const home = await book.post('/customer/addresses', HOME);
    expect(home.status).toBe(201);
    expect(home.data).toEqual({ id: expect.any(Number), customerId: customer.id, ...HOME, isDefault: true });

    const work = await book.post('/customer/addresses', { ...WORK, address2: undefined, province: 'CA' });
    expect(work.data).toMatchObject({ address1: '500 Howard Street', address2: '', isDefault: false });

    const listed = (await book.get<CustomerAddress[]>('/customer/addresses')).data;
    expect(listed.map((a) => [a.id, a.isDefault])).toEqual([
      [home.data.id, true],
      [work.data.id, false],
    ]);

    // Set default: the other loses it; the book is answered.
    const moved = await book.put<CustomerAddress[]>(`/customer/addresses/${work.data.id}/active`);
    expect(moved.status).toBe(200);
    expect(moved.data.map((a) => [a.id, a.isDefault])).toEqual([
      [work.data.id, true],
      [home.data.id, false],
    ]);

    // A new address asked to be the default takes it.
    const dutch = await book.post('/customer/addresses', { ...DUTCH_ADDRESS, isDefault: true });
    expect(dutch.data.isDefault).toBe(true);
    const after = (await book.get<CustomerAddress[]>('/customer/addresses')).data;
    expect(after.filter((a) => a.isDefault).map((a) => a.id)).toEqual([dutch.data.id]);
  });

  it('changes an address; "not default" does not leave the book without one', async () => {
    const customer = await newCustomer(shop);
    const book = as(shop, customer);
    const home = (await book.post('/customer/addresses', HOME)).data;
    const changed = await book.put(`/customer/addresses/${home.id}`, {
      ...HOME,
      city: ' Oakland ',
      zip: '94607',
      isDefault: false,
    });
    expect(changed.status).toBe(200);
    expect(changed.data).toMatchObject({ id: home.id, city: 'Oakland', zip: '94607', isDefault: true });
    expect((await book.get(`/customer/addresses/${home.id}`)).data).toMatchObject({ city: 'Oakland' });

    const work = (await book.post('/customer/addresses', WORK)).data;
    const promoted = await book.put(`/customer/addresses/${work.id}`, { ...WORK, isDefault: true });
    expect(promoted.data.isDefault).toBe(true);
    expect((await book.get(`/customer/addresses/${home.id}`)).data.isDefault).toBe(false);
  });

  it('deleting the default makes the newest remaining address the default', async () => {
    const customer = await newCustomer(shop);
    const book = as(shop, customer);
    const first = (await book.post('/customer/addresses', HOME)).data;
    const second = (await book.post('/customer/addresses', WORK)).data;
    const third = (await book.post('/customer/addresses', DUTCH_ADDRESS)).data;
    expect(first.isDefault && !second.isDefault && !third.isDefault).toBe(true);

    const left = await book.delete(`/customer/addresses/${first.id}`);
    expect(left.status).toBe(200);
    expect(left.data.map((a) => [a.id, a.isDefault])).toEqual([
      [third.id, true],
      [second.id, false],
    ]);
    // Deleting one that is not the default leaves the default where it is.
    expect((await book.delete(`/customer/addresses/${second.id}`)).data.map((a) => [a.id, a.isDefault])).toEqual([
      [third.id, true],
    ]);
    expect((await book.delete(`/customer/addresses/${third.id}`)).data).toEqual([]);
    expect((await book.delete(`/customer/addresses/${third.id}`)).status).toBe(404);
  });

  it('checks every address with the checkout rules, naming each bad field', async () => {
    const book = as(shop, await newCustomer(shop));
    const refused = await book.post<{ errors: { path: string; rule: string }[] }>('/customer/addresses', {
      ...TEST_ADDRESS,
      firstName: ' ',
      address1: '12 34',
      province: '',
      zip: 'ABCDE',
      phone: 'call me',
    });
    expect(refused.status).toBe(400);
    expect(refused.data.errors.map((e) => [e.path, e.rule]).sort()).toEqual(
      [
        ['/address1', 'addressInvalid'],
        ['/firstName', 'required'],
        ['/phone', 'phone'],
        ['/province', 'required'],
        ['/zip', 'zip'],
      ].sort(),
    );
    // A country the shop does not ship to, as at the checkout (Iceland is known, not served).
    const iceland = await book.post<{ errors: { path: string; rule: string }[] }>('/customer/addresses', {
      ...DUTCH_ADDRESS,
      country: 'IS',
      zip: '101',
    });
    expect(iceland.data.errors).toContainEqual(expect.objectContaining({ path: '/country', rule: 'unsupportedCountry' }));
    // Unknown fields and missing ones are refused by the schema.
    expect((await book.post('/customer/addresses', { ...TEST_ADDRESS, customerId: 1 })).status).toBe(400);
    expect((await book.post('/customer/addresses', { ...TEST_ADDRESS, id: 7 })).status).toBe(400);
    const { zip: _zip, ...noZip } = TEST_ADDRESS;
    expect((await book.post('/customer/addresses', noZip)).status).toBe(400);
    // A change is checked the same way, and nothing is saved.
    const home = (await book.post('/customer/addresses', HOME)).data;
    expect((await book.put(`/customer/addresses/${home.id}`, { ...HOME, address1: '１２３' })).status).toBe(400);
    expect((await book.get(`/customer/addresses/${home.id}`)).data.address1).toBe(HOME.address1);
    expect((await book.get<CustomerAddress[]>('/customer/addresses')).data).toHaveLength(1);
  });

  it(`holds at most ${ADDRESS_BOOK_LIMIT} addresses (6020 beyond)`, async () => {
    const customer = await newCustomer(shop);
    await shop.database.db.insert(customerAddresses).values(
      Array.from({ length: ADDRESS_BOOK_LIMIT }, (_, i) => ({
        customerId: customer.id,
        address: { ...TEST_ADDRESS, address1: `${i + 1} Market Street` },
        isDefault: i === 0,
      })),
    );
    const full = await as(shop, customer).post('/customer/addresses', WORK);
    expect(full).toMatchObject({ status: 409, code: 6020, data: { limit: ADDRESS_BOOK_LIMIT } });
  });

  it("answers only the signed-in customer's own default address for the checkout", async () => {
    const customer = await newCustomer(shop, { email: 'Default.Owner@example.com' });
    const other = await newCustomer(shop);
    const book = as(shop, customer);
    expect((await book.get('/customer/addresses/default')).status).toBe(404);
    await book.post('/customer/addresses', WORK);
    const home = (await book.post('/customer/addresses', { ...HOME, isDefault: true })).data;
    await as(shop, other).post('/customer/addresses', DUTCH_ADDRESS);

    for (const path of [
      '/customer/addresses/default',
      `/customer/addresses/default/${customer.id}`,
      '/customer/addresses/default?email=default.owner%40example.com',
      '/customer/addresses/default?email=%20DEFAULT.OWNER%40EXAMPLE.COM%20',
    ]) {
      expect((await book.get(path)).data, path).toEqual(home);
    }
    // Another customer's id or email: 404, as no default address.
    const notFound = { status: 404, code: 404 };
    expect(await book.get(`/customer/addresses/default/${other.id}`)).toMatchObject(notFound);
    expect(await book.get(`/customer/addresses/default?email=${encodeURIComponent(other.email)}`)).toMatchObject(notFound);
    expect(await book.get('/customer/addresses/default?email=nobody%40example.com')).toMatchObject(notFound);
    expect(await book.get('/customer/addresses/default/99999999999')).toMatchObject(notFound);

    // Without a session nothing is told, whatever is named: 401.
    for (const path of [
      `/customer/addresses/default?email=${encodeURIComponent(customer.email)}`,
      `/customer/addresses/default/${customer.id}`,
      '/customer/addresses/default',
    ]) {
      const anonymous = await call(shop, {}, 'GET', path);
      expect(anonymous.status, path).toBe(401);
      expect(JSON.stringify(anonymous)).not.toContain(HOME.address1);
    }
  });

  it('a customer gets 404 for every call naming another customer’s address, and never sees it', async () => {
    const alice = await newCustomer(shop, { firstName: 'Alice' });
    const bob = await newCustomer(shop, { firstName: 'Bob' });
    const aliceBook = as(shop, alice);
    const bobBook = as(shop, bob);
    const secret = { ...TEST_ADDRESS, address1: '221 Secret Lane', firstName: 'Alice' };
    const first = (await aliceBook.post('/customer/addresses', secret)).data;
    const second = (await aliceBook.post('/customer/addresses', WORK)).data;
    const bobs = (await bobBook.post('/customer/addresses', DUTCH_ADDRESS)).data;

    const attempts = [
      () => bobBook.get(`/customer/addresses/${first.id}`),
      () => bobBook.put(`/customer/addresses/${first.id}`, DUTCH_ADDRESS),
      () => bobBook.put(`/customer/addresses/${second.id}`, { ...DUTCH_ADDRESS, isDefault: true }),
      () => bobBook.put(`/customer/addresses/${second.id}/active`),
      () => bobBook.delete(`/customer/addresses/${first.id}`),
      () => bobBook.get(`/customer/addresses/default/${alice.id}`),
      () => bobBook.get(`/customer/addresses/default?email=${encodeURIComponent(alice.email)}`),
    ];
    for (const attempt of attempts) {
      const answer = await attempt();
      expect(answer).toMatchObject({ status: 404, code: 404 });
      expect(JSON.stringify(answer)).not.toContain('Secret Lane');
    }
    // Bob's own book holds his address only; Alice's is as she left it.
    expect((await bobBook.get<CustomerAddress[]>('/customer/addresses')).data).toEqual([bobs]);
    expect((await bobBook.get('/customer/addresses/default')).data).toEqual(bobs);
    expect((await aliceBook.get<CustomerAddress[]>('/customer/addresses')).data).toEqual([first, second]);
    // An id that is no row at all is answered the same way.
    expect(await bobBook.get('/customer/addresses/2147483647')).toMatchObject({ status: 404, code: 404 });
    expect(await bobBook.get('/customer/addresses/99999999999999999999')).toMatchObject({ status: 404, code: 404 });
    expect(await bobBook.put('/customer/addresses/1e3/active')).toMatchObject({ status: 404, code: 404 });
    expect(await bobBook.get('/customer/addresses/default/abc')).toMatchObject({ status: 404, code: 404 });
  });

  it('refuses everyone without a session, and a cookie call from another site', async () => {
    const customer = await newCustomer(shop);
    const home = (await as(shop, customer).post('/customer/addresses', HOME)).data;
    for (const [method, path, body] of [
      ['GET', '/customer/addresses'],
      ['POST', '/customer/addresses', WORK],
      ['GET', `/customer/addresses/${home.id}`],
      ['PUT', `/customer/addresses/${home.id}`, WORK],
      ['DELETE', `/customer/addresses/${home.id}`],
      ['PUT', `/customer/addresses/${home.id}/active`],
    ] as const) {
      expect((await call(shop, {}, method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await call(shop, { sign: 'not-a-session' }, method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    // The browser's cookie acts only from the shop's own pages (CSRF).
    const crossSite = { ...customer.browser, Origin: 'https://evil.example' };
    expect((await call(shop, crossSite, 'DELETE', `/customer/addresses/${home.id}`)).status).toBe(403);
    expect((await call(shop, customer.browser, 'GET', `/customer/addresses/${home.id}`)).data).toEqual(home);
    expect((await call(shop, { Cookie: customer.browser.Cookie! }, 'POST', '/customer/addresses', WORK)).status).toBe(403);
    expect((await call(shop, customer.browser, 'POST', '/customer/addresses', WORK)).status).toBe(201);
    expect(PUBLIC_URL).toBe(customer.browser.Origin);
  });
});

describe('the address book under concurrent changes (PostgreSQL)', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop('postgres');
  });
  afterAll(() => shop.close());

  const defaultsOf = async (customerId: number) =>
    (await shop.database.db.select().from(customerAddresses).where(eq(customerAddresses.customerId, customerId))).filter(
      (row) => row.isDefault,
    );

  it('two tabs setting different defaults at once leave exactly one default', async () => {
    const customer = await newCustomer(shop);
    const book = as(shop, customer);
    const ids: number[] = [];
    for (const street of ['1 Market Street', '2 Market Street', '3 Market Street', '4 Market Street', '5 Market Street'])
      ids.push((await book.post('/customer/addresses', { ...TEST_ADDRESS, address1: street })).data.id);
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        [...ids, ...ids].map((id) => book.put<CustomerAddress[]>(`/customer/addresses/${id}/active`)),
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      // Each answer shows a book with one default.
      for (const answer of answers) expect(answer.data.filter((a) => a.isDefault)).toHaveLength(1);
      expect(await defaultsOf(customer.id)).toHaveLength(1);
    }
  });

  it('adds at once to an empty book make one default; adds at once at the limit stop at the limit', async () => {
    const customer = await newCustomer(shop);
    const book = as(shop, customer);
    const firsts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        book.post('/customer/addresses', { ...TEST_ADDRESS, address1: `${i + 1} Pine Street` }),
      ),
    );
    expect(firsts.map((a) => a.status)).toEqual(firsts.map(() => 201));
    expect(firsts.filter((a) => a.data.isDefault)).toHaveLength(1);
    expect(await defaultsOf(customer.id)).toHaveLength(1);

    await shop.database.db.insert(customerAddresses).values(
      Array.from({ length: ADDRESS_BOOK_LIMIT - 7 }, (_, i) => ({
        customerId: customer.id,
        address: { ...TEST_ADDRESS, address1: `${i + 1} Oak Street` },
      })),
    );
    const last = await Promise.all(
      Array.from({ length: 5 }, (_, i) => book.post('/customer/addresses', { ...TEST_ADDRESS, address1: `${i + 1} Elm Street` })),
    );
    expect(last.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await book.get<CustomerAddress[]>('/customer/addresses')).data).toHaveLength(ADDRESS_BOOK_LIMIT);
  });

  it('deleting the default while another is made the default leaves one default', async () => {
    const customer = await newCustomer(shop);
    const book = as(shop, customer);
    for (let round = 0; round < 4; round++) {
      const a = (await book.post('/customer/addresses', { ...TEST_ADDRESS, address1: `${round + 1} Cedar Street` })).data;
      const b = (await book.post('/customer/addresses', { ...TEST_ADDRESS, address1: `${round + 1} Birch Street` })).data;
      await book.put(`/customer/addresses/${a.id}/active`);
      const [removed, moved] = await Promise.all([
        book.delete(`/customer/addresses/${a.id}`),
        book.put<CustomerAddress[]>(`/customer/addresses/${b.id}/active`),
      ]);
      expect(removed.status).toBe(200);
      expect(moved.status).toBe(200);
      expect(await defaultsOf(customer.id)).toHaveLength(1);
    }
  });
});
