// The account calls as a shopper meets them: register, activate with the mailed link, sign in and out,
// forgotten password, change of password, profile, sessions, export and deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestShop, PUBLIC_URL, type TestShop } from '../../test-support/server/test-app';
import { newCustomer, TEST_PASSWORD } from '../../test-support/server/customers';
import type { Mail } from '../mail/mailer';

let shop: TestShop;
const sent: Mail[] = [];
const JSON_HEADERS = { 'Content-Type': 'application/json', Origin: PUBLIC_URL };

beforeAll(async () => {
  shop = await createTestShop('pglite', {}, { mailer: { send: async (mail) => void sent.push(mail) } });
});

/** The mails sent so far, each with the secret of its link and what kind it is (from its link). */
async function mailsTo(email: string) {
  await shop.app.mailSettled();
  return sent
    .filter((m) => m.to === email)
    .map((m) => {
      const link = /\/account\/(activate|reset|email|login)(?:\?token=([\w-]+))?(&signout=1)?/.exec(m.text);
      return { subject: m.subject, text: m.text, page: link?.[1], secret: link?.[2] ?? '', signout: Boolean(link?.[3]) };
    });
}
const lastMailTo = async (email: string) => (await mailsTo(email)).at(-1)!;
afterAll(() => shop.close());

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = JSON_HEADERS) =>
  shop.app.request(`/api${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const tokenCookie = (response: Response) => /(?:^|, )token=([^;]*)/.exec(response.headers.get('set-cookie') ?? '')?.[1];

describe('register, activate, sign in', () => {
  it('walks the whole way, with the mailed link', async () => {
    const email = 'grace@example.com';
    const registered = await call('POST', '/customer/user/register', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      password: 'Compiler-Navy-1952',
    });
    expect(registered.status).toBe(200);
    const link = await lastMailTo(email);
    expect(link).toMatchObject({ page: 'activate', subject: expect.stringContaining('Activate') });

    // Not activated: said only after the right password.
    const early = await call('POST', '/customer/user/login', { email, password: 'Compiler-Navy-1952' });
    expect(((await early.json()) as { code: number }).code).toBe(6002);
    const wrong = await call('POST', '/customer/user/login', { email, password: 'not-the-password' });
    expect(((await wrong.json()) as { code: number }).code).toBe(6001);

    const activated = await call('POST', '/customer/user/activate', { token: link.secret });
    expect(activated.status).toBe(200);
    expect(tokenCookie(activated)).toBeTruthy();
    expect(activated.headers.get('set-cookie')).toMatch(/token=[^;]+;.*HttpOnly/i);
    // A link works once.
    const again = await call('POST', '/customer/user/activate', { token: link.secret });
    expect(((await again.json()) as { code: number }).code).toBe(6003);

    const signedIn = await call('POST', '/customer/user/login', { email: 'GRACE@example.com ', password: 'Compiler-Navy-1952' });
    expect(signedIn.status).toBe(200);
    const token = tokenCookie(signedIn)!;
    const me = await call('GET', '/customer/user', undefined, { Cookie: `token=${token}` });
    expect(((await me.json()) as { data: { firstName: string; state: string } }).data).toMatchObject({
      firstName: 'Grace',
      state: 'active',
    });
  });

  it('refuses a common or short password, saying why', async () => {
    const common = await call('POST', '/customer/user/register', {
      firstName: 'A',
      lastName: 'B',
      email: 'c@example.com',
      password: 'password1',
    });
    expect((await common.json()) as { code: number; data: { reason: string } }).toMatchObject({
      code: 6004,
      data: { reason: 'common' },
    });
    const short = await call('POST', '/customer/user/register', {
      firstName: 'A',
      lastName: 'B',
      email: 'c@example.com',
      password: 'x7!k',
    });
    expect(((await short.json()) as { data: { reason: string } }).data.reason).toBe('tooShort');
  });

  it('answers registering a known address as any other, and mails its owner instead', async () => {
    const owner = await newCustomer(shop);
    const fresh = await call('POST', '/customer/user/register', {
      firstName: 'X',
      lastName: 'Y',
      email: 'nobody-yet@example.com',
      password: 'Lantern-Quarry-77',
    });
    const known = await call('POST', '/customer/user/register', {
      firstName: 'X',
      lastName: 'Y',
      email: owner.email,
      password: 'Lantern-Quarry-77',
    });
    expect(await known.json()).toEqual({ ...((await fresh.json()) as object), data: { email: owner.email } });
    expect((await lastMailTo('nobody-yet@example.com')).page).toBe('activate');
    expect(await lastMailTo(owner.email)).toMatchObject({ page: 'login', subject: expect.stringContaining('Someone tried') });
    // The stranger's password did not become the owner's.
    const stranger = await call('POST', '/customer/user/login', { email: owner.email, password: 'Lantern-Quarry-77' });
    expect(stranger.status).toBe(401);
  });
});

describe('signed in', () => {
  it('needs a session: 401 without, with an unknown token, or after sign-out', async () => {
    expect((await call('GET', '/customer/user')).status).toBe(401);
    expect((await call('GET', '/customer/user', undefined, { sign: 'A'.repeat(43) })).status).toBe(401);
    const customer = await newCustomer(shop);
    expect((await call('GET', '/customer/user', undefined, customer.headers)).status).toBe(200);
    expect((await call('POST', '/customer/user/logout', undefined, customer.browser)).status).toBe(200);
    expect((await call('GET', '/customer/user', undefined, customer.headers)).status).toBe(401);
  });

  it('refuses a state-changing call with the cookie from another origin (CSRF), takes it from the shop', async () => {
    const customer = await newCustomer(shop);
    const forged = await call(
      'PUT',
      '/customer/user',
      { firstName: 'Mallory' },
      { ...customer.browser, Origin: 'https://evil.example' },
    );
    expect(forged.status).toBe(403);
    const missing = await call(
      'PUT',
      '/customer/user',
      { firstName: 'Mallory' },
      { Cookie: `token=${customer.token}`, 'Content-Type': 'application/json' },
    );
    expect(missing.status).toBe(403);
    const own = await call('PUT', '/customer/user', { firstName: 'Ada B.' }, customer.browser);
    expect(((await own.json()) as { data: { customer: { firstName: string } } }).data.customer.firstName).toBe('Ada B.');
  });

  it('a new sign-in gets a new token and ends the session the browser had (no fixation)', async () => {
    const customer = await newCustomer(shop);
    const again = await call(
      'POST',
      '/customer/user/login',
      { email: customer.email, password: TEST_PASSWORD },
      customer.browser,
    );
    const token = tokenCookie(again)!;
    expect(token).not.toBe(customer.token);
    expect((await call('GET', '/customer/user', undefined, customer.headers)).status).toBe(401);
    expect((await call('GET', '/customer/user', undefined, { sign: token })).status).toBe(200);
  });

  it("keeps the guest's cart: signing in changes neither the visitor nor the cart", async () => {
    const customer = await newCustomer(shop);
    const visitor = '0c0ffee0-0000-4000-8000-0000000c0a57';
    const cart = async (cookie: string) =>
      (
        await shop.app.request('/api/multicurrency/shopping-carts', { headers: { Cookie: cookie, customerUUID: visitor } })
      ).json();
    await shop.app.request('/api/shopping-carts/saveProducts', {
      method: 'POST',
      headers: { ...JSON_HEADERS, customerUUID: visitor },
      body: JSON.stringify({ items: [{ skuId: 1, quantity: 2 }] }),
    });
    const before = await cart(`sakUUID=${visitor}`);
    const signedIn = await call(
      'POST',
      '/customer/user/login',
      { email: customer.email, password: TEST_PASSWORD },
      {
        ...JSON_HEADERS,
        Cookie: `sakUUID=${visitor}`,
      },
    );
    expect(signedIn.headers.get('set-cookie')).not.toContain('sakUUID');
    expect(await cart(`sakUUID=${visitor}; token=${tokenCookie(signedIn)}`)).toEqual(before);
    expect(JSON.stringify(before)).toContain('"quantity":2');
  });

  it('a change of password ends the other sessions, rotates this one and mails a "this wasn\'t me" link', async () => {
    const customer = await newCustomer(shop);
    const other = await shop.app.commerce.customers.sessions.start(customer.id, 'phone');
    const changed = await call(
      'PUT',
      '/customer/user/pass',
      { password: TEST_PASSWORD, newPassword: 'Orchard-Violin-2031' },
      customer.browser,
    );
    expect(changed.status).toBe(200);
    const token = tokenCookie(changed)!;
    expect(token).not.toBe(customer.token);
    expect((await call('GET', '/customer/user', undefined, { sign: other.token })).status).toBe(401);
    expect((await call('GET', '/customer/user', undefined, customer.headers)).status).toBe(401);
    expect((await call('GET', '/customer/user', undefined, { sign: token })).status).toBe(200);
    const mail = await lastMailTo(customer.email);
    expect(mail).toMatchObject({ page: 'reset', signout: true, subject: expect.stringContaining('password was changed') });

    // "This wasn't me": the link signs out everywhere, then sets a new password.
    const secret = mail.secret;
    expect((await call('POST', '/customer/user/reset/check', { token: secret })).status).toBe(200);
    expect((await call('GET', '/customer/user', undefined, { sign: token })).status).toBe(401);
    const reset = await call('POST', '/customer/user/checkPwd', { token: secret, password: 'Granite-Meadow-4410' });
    expect(reset.status).toBe(200);
    const signIn = await call('POST', '/customer/user/login', { email: customer.email, password: 'Granite-Meadow-4410' });
    expect(signIn.status).toBe(200);
  });

  it('a wrong current password is refused and changes nothing', async () => {
    const customer = await newCustomer(shop);
    const refused = await call(
      'PUT',
      '/customer/user/pass',
      { password: 'wrong-one-here', newPassword: 'Orchard-Violin-2031' },
      customer.browser,
    );
    expect(((await refused.json()) as { code: number }).code).toBe(6005);
    expect((await call('GET', '/customer/user', undefined, customer.headers)).status).toBe(200);
  });

  it('lists sessions, ends one, signs out everywhere else', async () => {
    const customer = await newCustomer(shop);
    const phone = await shop.app.commerce.customers.sessions.start(customer.id, 'phone');
    await shop.app.commerce.customers.sessions.start(customer.id, 'tablet');
    const list = (await (await call('GET', '/customer/user/sessions', undefined, customer.headers)).json()) as {
      data: { id: number; current: boolean }[];
    };
    expect(list.data).toHaveLength(3);
    expect(list.data.filter((s) => s.current)).toHaveLength(1);
    expect((await call('DELETE', `/customer/user/sessions/${phone.session.id}`, undefined, customer.headers)).status).toBe(200);
    expect((await call('GET', '/customer/user', undefined, { sign: phone.token })).status).toBe(401);
    const ended = await call('DELETE', '/customer/user/sessions', undefined, customer.headers);
    expect(((await ended.json()) as { data: { ended: number } }).data.ended).toBe(1);
    expect((await call('GET', '/customer/user', undefined, customer.headers)).status).toBe(200);
  });

  it('ends only its own sessions: another customer\'s session id is "not found"', async () => {
    const ann = await newCustomer(shop);
    const bob = await newCustomer(shop);
    const bobs = await shop.app.commerce.customers.sessions.start(bob.id, 'laptop');
    expect((await call('DELETE', `/customer/user/sessions/${bobs.session.id}`, undefined, ann.headers)).status).toBe(404);
    expect((await call('GET', '/customer/user', undefined, { sign: bobs.token })).status).toBe(200);
  });

  it('exports the account and deletes it after the password', async () => {
    const customer = await newCustomer(shop);
    const exported = (await (await call('GET', '/customer/user/export', undefined, customer.headers)).json()) as {
      data: { customer: { email: string }; sessions: unknown[] };
    };
    expect(exported.data.customer.email).toBe(customer.email);
    expect(JSON.stringify(exported)).not.toMatch(/argon2|passwordHash/);
    expect((await call('DELETE', '/customer/user', { password: 'wrong-one-here' }, customer.headers)).status).toBe(403);
    expect((await call('DELETE', '/customer/user', { password: TEST_PASSWORD }, customer.headers)).status).toBe(200);
    expect((await call('POST', '/customer/user/login', { email: customer.email, password: TEST_PASSWORD })).status).toBe(401);
  });

  it('ends a session unused for 14 days or started 60 days ago, and the hourly job forgets it', async () => {
    const idle = await newCustomer(shop);
    const old = await newCustomer(shop);
    const { db } = shop.database;
    await db.execute(
      sql`update customer_sessions set last_seen_at = now() - interval '14 days 1 minute' where customer_id = ${idle.id}`,
    );
    await db.execute(sql`update customer_sessions set expires_at = now() - interval '1 second' where customer_id = ${old.id}`);
    expect((await call('GET', '/customer/user', undefined, idle.headers)).status).toBe(401);
    expect((await call('GET', '/customer/user', undefined, old.headers)).status).toBe(401);
    const job = shop.app.jobs.find((j) => j.name === 'forget ended sessions and old sign-in records')!;
    await job.run(new Date());
    const left = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from customer_sessions where customer_id in (${idle.id}, ${old.id})`,
    );
    expect(((left as unknown as { rows: { n: number }[] }).rows ?? left)[0]!.n).toBe(0);
  });
});
