// The accounts' security properties of issue 25 on PostgreSQL, with two processes of the shop over one
// database: failed sign-ins counted across processes and per client address (only a named proxy's
// X-Forwarded-For believed); no account enumeration by answer or by time; links used once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestShop, PUBLIC_URL, type TestShop } from '../../test-support/server/test-app';
import { newCustomer, TEST_PASSWORD } from '../../test-support/server/customers';
import { FAILURES_PER_ACCOUNT, FAILURES_PER_ADDRESS } from '../commerce/customers/sign-in-limits';
import { hashPassword, verifyPassword } from '../commerce/customers/passwords';
import type { App } from '../app';

let shop: TestShop;
let other: App;
const HEADERS = { 'Content-Type': 'application/json', Origin: PUBLIC_URL };

beforeAll(async () => {
  // The test's own requests come through no socket: 'local' stands for their peer, named here as the proxy.
  shop = await createTestShop('postgres', { trustedProxies: ['local'] }, { mailer: { send: async () => {} } });
  other = shop.anotherProcess();
}, 60_000);
afterAll(() => shop.close());

const signIn = async (app: App, email: string, password: string, from = '198.51.100.7') =>
  app.request('/api/customer/user/login', {
    method: 'POST',
    headers: { ...HEADERS, 'X-Forwarded-For': from },
    body: JSON.stringify({ email, password }),
  });
const codeOf = async (response: Response) => ((await response.json()) as { code: number }).code;

describe('brute force', () => {
  it('refuses an account after 10 failures in 15 minutes, counted across two processes, even the right password', async () => {
    const customer = await newCustomer(shop);
    // Both processes at once, alternating: the count is the database's, not a process's.
    const tries = await Promise.all(
      Array.from({ length: FAILURES_PER_ACCOUNT + 4 }, (_, i) =>
        signIn(i % 2 ? other : shop.app, customer.email, `wrong-${i}-xyz!`),
      ),
    );
    const codes = await Promise.all(tries.map(codeOf));
    expect(codes.filter((c) => c === 6001)).toHaveLength(FAILURES_PER_ACCOUNT);
    expect(codes.filter((c) => c === 6007)).toHaveLength(4);
    const locked = await signIn(other, customer.email, TEST_PASSWORD);
    expect(locked.status).toBe(429);
    const body = (await locked.json()) as { message: string; data: { retryAt: string; minutes: number } };
    expect(body.message).toMatch(/Try again in 1[45] minutes/);
    expect(new Date(body.data.retryAt).getTime()).toBeGreaterThan(Date.now() + 13 * 60_000);

    // 15 minutes later the account may try again, and the right password clears its count.
    await shop.database.db.execute(sql`update sign_in_failures set at = at - interval '15 minutes'`);
    expect((await signIn(shop.app, customer.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("limits one client address across accounts, by the proxy's X-Forwarded-For only", async () => {
    const from = '203.0.113.50';
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++)
      expect(await codeOf(await signIn(shop.app, `nobody${i}@example.com`, 'x-y-z-w-1', from))).toBe(6001);
    expect(await codeOf(await signIn(other, 'someone-else@example.com', 'x-y-z-w-1', from))).toBe(6007);
    // Another address is not held up by that one.
    const customer = await newCustomer(shop);
    expect((await signIn(shop.app, customer.email, TEST_PASSWORD, '203.0.113.51')).status).toBe(200);
  });

  it('ignores X-Forwarded-For from a peer that is not a named proxy', async () => {
    const direct = await createTestShop('pglite', {}, { mailer: { send: async () => {} } });
    try {
      const customer = await newCustomer(direct);
      for (let i = 0; i < FAILURES_PER_ACCOUNT; i++)
        await signIn(direct.app, customer.email, `bad-${i}-password`, `192.0.2.${i}`);
      // Ten addresses were claimed, but the header is not believed: the account's limit is reached all the same,
      // and the failures were counted under the peer's own address.
      expect(await codeOf(await signIn(direct.app, customer.email, TEST_PASSWORD, '192.0.2.200'))).toBe(6007);
      const rows = await direct.database.db.execute<{ ip: string }>(sql`select distinct ip from sign_in_failures`);
      expect((rows as unknown as { rows?: { ip: string }[] }).rows ?? rows).toEqual([{ ip: 'local' }]);
    } finally {
      await direct.close();
    }
  });
});

const medianOf = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

/**
 * The median times of `a(i)` and `b(i)` run `n` times each, one after the other in turn, so that both
 * meet the same load of the machine.
 */
async function medians(n: number, a: (i: number) => unknown, b: (i: number) => unknown) {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < n; i++) {
    for (const [k, run] of [a, b].entries()) {
      const start = performance.now();
      await run(i);
      times[k]!.push(performance.now() - start);
    }
  }
  return times.map(medianOf) as [number, number];
}

/** What checking one password costs on this machine now (the work an unknown address must not skip). */
async function passwordCheckMs(): Promise<number> {
  const hashed = await hashPassword('Some-Password-To-Check-1');
  const times: number[] = [];
  for (let i = 0; i < 9; i++) {
    const start = performance.now();
    await verifyPassword(hashed, 'Another-Password-2');
    times.push(performance.now() - start);
  }
  return medianOf(times);
}

describe('no account enumeration', () => {
  it('sign-in: a wrong password and an unknown address get the same answer, in about the same time', async () => {
    const customer = await newCustomer(shop);
    const known = await signIn(shop.app, customer.email, 'not-it-at-all-1', '198.51.100.20');
    const unknown = await signIn(shop.app, 'no-such-person@example.com', 'not-it-at-all-1', '198.51.100.20');
    expect([known.status, await known.json()]).toEqual([unknown.status, await unknown.json()]);
    // Each run from its own address, for accounts of their own: the limits stay out of the way.
    const people = await Promise.all(Array.from({ length: 21 }, () => newCustomer(shop)));
    const [knownMs, unknownMs] = await medians(
      21,
      (i) => signIn(shop.app, people[i]!.email, 'not-it-at-all-1', `198.51.101.${i}`),
      (i) => signIn(shop.app, `ghost${i}@example.com`, 'not-it-at-all-1', `198.51.102.${i}`),
    );
    // An unknown address that skipped the password check would answer one check sooner.
    const checkMs = await passwordCheckMs();
    expect(Math.abs(knownMs - unknownMs), `known ${knownMs} ms, unknown ${unknownMs} ms, a check ${checkMs} ms`).toBeLessThan(
      checkMs / 2 + 1,
    );
  });

  it('register and forgotten password answer alike for a known and an unknown address, in about the same time', async () => {
    const customer = await newCustomer(shop);
    const register = (email: string) =>
      shop.app.request('/api/customer/user/register', {
        method: 'POST',
        headers: HEADERS,
        body: JSON.stringify({ firstName: 'Eve', lastName: 'Stranger', email, password: 'Topaz-Harvest-6612' }),
      });
    const forgot = (email: string) =>
      shop.app.request(`/api/customer/user/forgetPassword?email=${encodeURIComponent(email)}`, {
        method: 'PUT',
        headers: HEADERS,
      });
    const strip = async (response: Response) => {
      const body = (await response.json()) as { data: { email: string } };
      return { status: response.status, body: { ...body, data: { ...body.data, email: '' } } };
    };
    expect(await strip(await register(customer.email))).toEqual(await strip(await register('fresh-one@example.com')));
    expect(await strip(await forgot(customer.email))).toEqual(await strip(await forgot('fresh-two@example.com')));

    // A registration hashes the password whoever the address belongs to; a known address must not skip it.
    const checkMs = await passwordCheckMs();
    const [knownMs, unknownMs] = await medians(
      15,
      () => register(customer.email),
      (i) => register(`fresh-r${i}@example.com`),
    );
    expect(Math.abs(knownMs - unknownMs), `known ${knownMs} ms, unknown ${unknownMs} ms`).toBeLessThan(checkMs / 2 + 1);
    // Mail goes out after the answer: the answer's time does not tell whether one was sent.
    const [knownForgotMs, unknownForgotMs] = await medians(
      15,
      () => forgot(customer.email),
      (i) => forgot(`fresh-f${i}@example.com`),
    );
    expect(Math.abs(knownForgotMs - unknownForgotMs), `known ${knownForgotMs} ms, unknown ${unknownForgotMs} ms`).toBeLessThan(
      Math.max(3, unknownForgotMs / 2),
    );
  });
});
