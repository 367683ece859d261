// Two signed-in customers and an anonymous visitor browsing at once, through every cache layer (page
// cache, documents, cached HTML, API answers): each account page shows its own customer only, the cart
// its own lines, and no public page carries anyone's name or email (the header's signed-in state is drawn
// in the browser), so the page cache can keep sharing public pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstSku } from '../../test-support/server/skus';
import { createTestShop, visitorCall, visitors, type TestShop } from '../../test-support/server/test-app';
import { newCustomer, type TestCustomer } from '../../test-support/server/customers';

interface Person {
  visitorId: string;
  product: string;
  customer?: TestCustomer & { firstName: string };
}

const PUBLIC = ['/', '/products/linen-shirt', '/collections/apparel', '/pages/about'];
const ACCOUNT = ['/account/dashboard', '/account/profile', '/account/password'];

let shop: TestShop;
const next = visitors();
const people: Person[] = [];

beforeAll(async () => {
  shop = await createTestShop('pglite', { pageCacheTtlMs: 10 * 60_000 });
  const make = async (product: string, firstName?: string): Promise<Person> => {
    const visitorId = next();
    const sku = await firstSku(shop, product);
    await visitorCall(shop, visitorId, 'POST', '/shopping-carts/saveProducts', { items: [{ skuId: sku.id, quantity: 1 }] });
    if (!firstName) return { visitorId, product };
    const customer = await newCustomer(shop, {
      firstName,
      lastName: `${firstName}son`,
      email: `${firstName.toLowerCase()}@example.com`,
    });
    return { visitorId, product, customer: { ...customer, firstName } };
  };
  people.push(await make('linen-shirt', 'Annika'), await make('wool-scarf', 'Bartholomew'), await make('travel-pouch'));
});
afterAll(() => shop?.close());

async function visit(person: Person, path: string) {
  const cookie = [`sakUUID=${person.visitorId}`, ...(person.customer ? [`token=${person.customer.token}`, 'signedIn=1'] : [])];
  const response = await shop.app.request(path, { headers: { Cookie: cookie.join('; ') } });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

const marksOf = (person: Person) => (person.customer ? [person.customer.firstName, person.customer.email] : []);

describe('signed-in customers browsing at once', () => {
  it("see their own account, cart and nobody else's; public pages carry no one's name", async () => {
    for (let round = 0; round < 2; round++) {
      for (const person of people) {
        const others = people.filter((p) => p !== person).flatMap(marksOf);
        for (const path of PUBLIC) {
          const page = await visit(person, path);
          expect(page.status, path).toBe(200);
          for (const mark of [...marksOf(person), ...others]) expect(page.html, `${path}: ${mark}`).not.toContain(mark);
        }
        const cart = await visit(person, '/cart');
        expect(cart.html).toContain(`/products/${person.product}`);
        for (const other of people.filter((p) => p !== person)) expect(cart.html).not.toContain(`/products/${other.product}"`);
        for (const path of ACCOUNT) {
          const page = await visit(person, path);
          if (!person.customer) {
            // No session: the login page, told where to come back.
            expect([page.status, page.location], path).toEqual([307, `/account/login?redirect=${encodeURIComponent(path)}`]);
            continue;
          }
          expect(page.status, path).toBe(200);
          expect(page.html, path).toContain(path === '/account/password' ? 'Change your password' : person.customer.firstName);
          for (const mark of others) expect(page.html, `${path}: ${mark}`).not.toContain(mark);
          expect(page.html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
        }
      }
    }
  });

  it('never cache an account page: each is rendered for its visitor, private to the browser', async () => {
    const [annika] = people;
    for (const path of ACCOUNT) {
      const response = await shop.app.request(path, {
        headers: { Cookie: `sakUUID=${annika!.visitorId}; token=${annika!.customer!.token}` },
      });
      expect(response.headers.get('x-vitrine-page-cache'), path).toBe('BYPASS');
      expect(response.headers.get('cache-control'), path).toBe('private, no-store');
    }
  });

  it('answer the account calls private to the browser, never stored on the way', async () => {
    const [annika] = people;
    const response = await shop.app.request('/api/customer/user', { headers: { sign: annika!.customer!.token } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});
