// Customers for tests: an active account made straight in the database (no mail round trip) with a live
// session, and the headers that act as it: `sign` (an API client) or the `token` cookie with the shop's
// Origin (a browser; state-changing calls with the cookie must come from the shop's origin).
import { hashPassword } from '../../server/commerce/customers/passwords';
import { emailKey } from '../../server/commerce/email-key';
import { customers } from '../../server/db/customer-schema';
import type { TestShop } from './test-app';
import { PUBLIC_URL } from './test-app';

export interface TestCustomer {
  id: number;
  email: string;
  password: string;
  token: string;
  /** Acts as the customer through the `sign` header (and JSON). */
  headers: Record<string, string>;
  /** Acts as the customer as a browser does: the cookie and the shop's Origin (and JSON). */
  browser: Record<string, string>;
}

let made = 0;
/** A strong password no common list holds. */
export const TEST_PASSWORD = 'Kestrel-Harbour-1987';

export async function newCustomer(
  shop: Pick<TestShop, 'app' | 'database'>,
  options: { email?: string; firstName?: string; lastName?: string; locale?: string; state?: 'active' | 'pending' } = {},
): Promise<TestCustomer> {
  const email = options.email ?? `customer${++made}-${process.pid}@example.com`;
  const { db } = shop.database;
  const [row] = await db
    .insert(customers)
    .values({
      email,
      emailKey: emailKey(email),
      firstName: options.firstName ?? 'Ada',
      lastName: options.lastName ?? 'Lovelace',
      passwordHash: await hashPassword(TEST_PASSWORD),
      state: options.state ?? 'active',
      locale: options.locale ?? 'en',
      activatedAt: options.state === 'pending' ? null : new Date(),
    })
    .returning();
  const { token } = await shop.app.commerce.customers.sessions.start(row!.id, 'vitest');
  return {
    id: row!.id,
    email,
    password: TEST_PASSWORD,
    token,
    headers: { sign: token, 'Content-Type': 'application/json' },
    browser: { Cookie: `token=${token}`, Origin: PUBLIC_URL, 'Content-Type': 'application/json' },
  };
}
