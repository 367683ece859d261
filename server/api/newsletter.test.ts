// The newsletter as a shopper, a stranger and a bot meet it (issue 26): double opt-in from the mail to the
// confirmation (a mail scanner opening the link confirms nothing), the same answer for any address, the
// cooldown, one-click unsubscribe, the ledger of consent, the account's flag, and the checkout's box.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subscriber } from '../../schemas/generated/api';
import { pay, readyCheckout, shopperOf } from '../../test-support/server/buyer';
import { newCustomer } from '../../test-support/server/customers';
import { solvedGuard } from '../../test-support/server/form-guard';
import { createTestShop, merchantHeaders, PUBLIC_URL, type TestShop } from '../../test-support/server/test-app';
import { customers } from '../db/customer-schema';
import type { Mail } from '../mail/mailer';

let shop: TestShop;
const sent: Mail[] = [];

beforeAll(async () => {
  shop = await createTestShop(
    'pglite',
    { trustedProxies: ['local'] },
    { mailer: { send: async (mail) => void sent.push(mail) } },
  );
});
afterAll(() => shop.close());

let clients = 0;
const JSON_HEADERS = { 'Content-Type': 'application/json', Origin: PUBLIC_URL };
const call = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  shop.app.request(`/api${path}`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, 'X-Forwarded-For': `198.51.100.${++clients}`, ...headers },
    body: JSON.stringify(body),
  });
const subscribe = async (email: string, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
  call('/customer-subscribe', { email, source: 'footer', ...(await solvedGuard(shop, 'subscribe')), ...extra }, headers);

const mailsTo = async (to: string) => {
  await shop.app.mailSettled();
  return sent.filter((m) => m.to === to);
};
const confirmToken = (mail: Mail) => /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail.text)?.[1] ?? '';
const oneClick = (mail: Mail) => /^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';

async function subscriber(email: string): Promise<Subscriber | undefined> {
  const response = await shop.app.request('/api/newsletter/subscribers?pageSize=100', { headers: merchantHeaders });
  return ((await response.json()) as { data: Subscriber[] }).data.find((s) => s.email === email);
}

describe('double opt-in', () => {
  it('mails a link whose page confirms with a POST; the ledger keeps the words agreed to, in the shopper’s language', async () => {
    const email = 'lena@example.com';
    const answer = await subscribe(email, { language: 'de', 'User-Agent': 'Firefox' });
    expect(await answer.json()).toEqual({ code: 200, message: 'success', data: { received: true } });
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toMatch(/Bestätige deine Anmeldung/);
    expect(mail!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(oneClick(mail!)).toMatch(new RegExp(`^${PUBLIC_URL}/api/newsletter/unsubscribe\\?id=\\d+&sig=`));
    expect(mail!.text).toMatch(/\/newsletter\/unsubscribe\?id=\d+&sig=/);
    expect(await subscriber(email)).toMatchObject({ state: 'pending', source: 'footer', locale: 'de' });

    // A mail scanner fetches the link: the page renders, and nothing is confirmed.
    const token = confirmToken(mail!);
    const page = await shop.app.request(`/newsletter/confirm?token=${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('noindex');
    expect((await subscriber(email))?.state).toBe('pending');

    const confirmed = await call('/newsletter/confirm', { token }, { 'User-Agent': 'Firefox' });
    expect(await confirmed.json()).toMatchObject({ code: 200, data: { state: 'subscribed', email: 'l•••@example.com' } });
    const row = await subscriber(email);
    expect(row).toMatchObject({ state: 'subscribed', confirmedAt: expect.any(String) });
    expect(row!.ledger.map((line) => line.event)).toEqual(['requested', 'confirmed']);
    for (const line of row!.ledger) {
      expect(line).toMatchObject({
        textKey: 'newsletter.consent',
        textVersion: 1,
        text: expect.stringContaining('Erhalte unsere Neuigkeiten'),
        locale: 'de',
        ip: expect.stringMatching(/^198\.51\.100\./),
        userAgent: 'Firefox',
      });
    }
    // The welcome carries the unsubscribe link too; a link works once.
    const welcome = (await mailsTo(email)).at(-1)!;
    expect(welcome.subject).toMatch(/Willkommen/);
    expect(oneClick(welcome)).toBe(oneClick(mail!));
    expect(((await (await call('/newsletter/confirm', { token })).json()) as { code: number }).code).toBe(6003);
  });

  it('answers alike for a new, a waiting and a subscribed address; only the new one is mailed', async () => {
    const known = 'known-subscriber@example.com';
    await subscribe(known);
    await call('/newsletter/confirm', { token: confirmToken((await mailsTo(known))[0]!) });
    const before = (await mailsTo(known)).length;
    const answers = await Promise.all(
      ['brand-new@example.com', known, 'brand-new@example.com'].map(async (email) => (await subscribe(email)).json()),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await mailsTo(known)).toHaveLength(before);
    // The waiting address asked twice within the cooldown: one link.
    expect(await mailsTo('brand-new@example.com')).toHaveLength(1);
  });

  it('cannot be used to mail-bomb an address: sign-ups within the cooldown mail nothing more', async () => {
    const victim = 'victim-inbox@example.com';
    for (let i = 0; i < 4; i++) expect((await subscribe(victim)).status).toBe(200);
    expect(await mailsTo(victim)).toHaveLength(1);
  });

  it('answers a bot’s sign-up as a person’s, and mails and keeps nothing', async () => {
    const email = 'bot-signup@example.com';
    const response = await subscribe(email, {}, { website: 'https://spam.example' });
    expect(await response.json()).toEqual({ code: 200, message: 'success', data: { received: true } });
    expect(await mailsTo(email)).toEqual([]);
    expect(await subscriber(email)).toBeUndefined();
  });
});

describe('unsubscribe', () => {
  it('takes one POST of a mail program (RFC 8058) and keeps the withdrawal in the ledger', async () => {
    const email = 'leaving@example.com';
    await subscribe(email);
    const [mail] = await mailsTo(email);
    await call('/newsletter/confirm', { token: confirmToken(mail!) });
    const url = new URL(oneClick(mail!));
    const gone = await shop.app.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(await gone.json()).toMatchObject({ code: 200, data: { state: 'unsubscribed' } });
    const row = await subscriber(email);
    expect(row).toMatchObject({ state: 'unsubscribed', unsubscribedAt: expect.any(String) });
    expect(row!.ledger.at(-1)).toMatchObject({
      event: 'unsubscribed',
      textKey: 'newsletter.ledger.unsubscribed',
      text: 'Unsubscribed from the newsletter',
    });
    // The page's POST again: still unsubscribed, nothing more written.
    const again = await shop.app.request(`${url.pathname}${url.search}`, { method: 'POST', headers: JSON_HEADERS, body: '{}' });
    expect(await again.json()).toMatchObject({ data: { state: 'unsubscribed' } });
    expect((await subscriber(email))!.ledger).toHaveLength(row!.ledger.length);
  });

  it('refuses a link the shop did not sign', async () => {
    const forged = await shop.app.request(`/api/newsletter/unsubscribe?id=1&sig=${'A'.repeat(43)}`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: '{}',
    });
    expect(((await forged.json()) as { code: number }).code).toBe(6003);
  });
});

describe('accounts and orders', () => {
  it('keeps a customer’s newsletter flag with the confirmation and the withdrawal; tells them (50014) when their own address is subscribed', async () => {
    const customer = await newCustomer(shop);
    await subscribe(customer.email, { Cookie: `token=${customer.token}` });
    const [mail] = await mailsTo(customer.email);
    await call('/newsletter/confirm', { token: confirmToken(mail!) });
    const flag = async () =>
      (await shop.database.db.select().from(customers).where(eq(customers.id, customer.id)))[0]!.acceptsMarketing;
    expect(await flag()).toBe(true);
    const own = await subscribe(customer.email, { Cookie: `token=${customer.token}` });
    expect(await own.json()).toMatchObject({ code: 50014 });
    // A stranger signing up the same address learns nothing.
    expect(await (await subscribe(customer.email)).json()).toMatchObject({ code: 200 });
    const url = new URL(oneClick(mail!));
    await shop.app.request(`${url.pathname}${url.search}`, { method: 'POST', headers: JSON_HEADERS, body: '{}' });
    expect(await flag()).toBe(false);
  });

  it('follows the account’s newsletter box: ticked, the address is confirmed by mail; unticked, withdrawn', async () => {
    const customer = await newCustomer(shop);
    const profile = (acceptsMarketing: boolean) =>
      shop.app.request('/api/customer/user', {
        method: 'PUT',
        headers: customer.headers,
        body: JSON.stringify({ acceptsMarketing }),
      });
    expect((await profile(true)).status).toBe(200);
    const [mail] = await mailsTo(customer.email);
    expect(mail!.subject).toMatch(/Confirm your subscription/);
    expect((await subscriber(customer.email))!.ledger[0]).toMatchObject({
      source: 'account',
      textKey: 'account.fields.newsletter',
      customerId: customer.id,
    });
    await call('/newsletter/confirm', { token: confirmToken(mail!) });
    expect((await profile(false)).status).toBe(200);
    expect(await subscriber(customer.email)).toMatchObject({ state: 'unsubscribed' });
  });

  it('starts the same double opt-in for an order whose newsletter box was ticked, once it is paid', async () => {
    const buyer = shopperOf(shop, '0c0ffee0-0000-4000-8000-00000000f0f0');
    const email = 'box-ticked@example.com';
    const token = await readyCheckout(buyer, [{ skuId: 2, quantity: 1 }], { email });
    await buyer('POST', '/multicurrency/asyncPayInfoSave', { token, acceptsMarketing: true });
    await pay(buyer, token);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining('confirmed'),
      expect.stringContaining('Confirm your subscription'),
    ]);
    const row = await subscriber(email);
    expect(row).toMatchObject({ state: 'pending', source: 'checkout' });
    expect(row!.ledger[0]).toMatchObject({
      event: 'requested',
      source: 'checkout',
      textKey: 'checkout.contact.newsletter',
      text: 'Email me with news and offers',
      ip: null,
      orderId: expect.any(Number),
    });
    // An order without the box ticked signs nobody up.
    const other = shopperOf(shop, '0c0ffee0-0000-4000-8000-00000000f0f1');
    await pay(other, await readyCheckout(other, [{ skuId: 2, quantity: 1 }], { email: 'box-empty@example.com' }));
    expect((await mailsTo('box-empty@example.com')).map((m) => m.subject)).toEqual([expect.stringContaining('confirmed')]);
    expect(await subscriber('box-empty@example.com')).toBeUndefined();
  });

  it('lists subscribers to the merchant only', async () => {
    expect((await shop.app.request('/api/newsletter/subscribers')).status).toBe(401);
    const response = await shop.app.request('/api/newsletter/subscribers?state=subscribed&pageSize=1', {
      headers: merchantHeaders,
    });
    const { data } = (await response.json()) as { data: Subscriber[] };
    expect(data).toHaveLength(1);
    expect(data[0]!.unsubscribeUrl).toMatch(new RegExp(`^${PUBLIC_URL}/newsletter/unsubscribe\\?id=\\d+&sig=`));
    expect(Number(response.headers.get('X-Total-Count'))).toBeGreaterThanOrEqual(1);
  });
});
