// The contact and feedback forms as a shopper and a bot meet them (issue 26): the rules of spec section 5
// on the server, the mails, what a bot is answered (like a person) and what is kept of its send, replays,
// limits, and the merchant's list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactProblems, feedbackProblems } from '../../schemas/form-rules';
import { createTestShop, merchantHeaders, PUBLIC_URL, type TestShop } from '../../test-support/server/test-app';
import { solvedGuard, stampFor } from '../../test-support/server/form-guard';
import type { Mail } from '../mail/mailer';
import type { ShopperMessage } from '../../schemas/generated/api';

let shop: TestShop;
const sent: Mail[] = [];
const MERCHANT = 'owner@vitrine.example';

beforeAll(async () => {
  // The test shop's requests come from no socket: a "proxy" in front names each test's client address.
  shop = await createTestShop(
    'pglite',
    { merchantEmail: MERCHANT, trustedProxies: ['local'] },
    {
      mailer: { send: async (mail) => void sent.push(mail) },
    },
  );
});
afterAll(() => shop.close());

let clients = 0;
/** A client address of its own (the per-address limits). */
const newClient = () => `203.0.113.${++clients}`;

const send = (path: string, body: unknown, client: string, headers: Record<string, string> = {}) =>
  shop.app.request(`/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: PUBLIC_URL, 'X-Forwarded-For': client, ...headers },
    body: JSON.stringify(body),
  });

const mailsTo = async (to: string) => {
  await shop.app.mailSettled();
  return sent.filter((m) => m.to === to);
};

const messages = async (kind: 'contact' | 'feedback', query = '') => {
  const response = await shop.app.request(`/api/shopper-messages?kind=${kind}&pageSize=100${query}`, {
    headers: merchantHeaders,
  });
  return ((await response.json()) as { data: ShopperMessage[] }).data;
};

const contact = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email,
  phone: '+44 20 7946 0958',
  message: 'My mug arrived broken. Order VG-10001.',
  ...extra,
});

describe('the contact form', () => {
  it('keeps the message, mails the merchant (reply-to the shopper) and copies the shopper', async () => {
    const client = newClient();
    const response = await send(
      '/customer-contact',
      { ...contact('ada@example.com'), ...(await solvedGuard(shop, 'contact')) },
      client,
      {
        language: 'de',
      },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ code: 200, message: 'success', data: { received: true } });
    const [toMerchant] = await mailsTo(MERCHANT);
    expect(toMerchant).toMatchObject({ replyTo: 'ada@example.com', subject: expect.stringContaining('Ada Lovelace') });
    expect(toMerchant!.text).toContain('My mug arrived broken.');
    expect(toMerchant!.text).toContain('+44 20 7946 0958');
    const [copy] = await mailsTo('ada@example.com');
    // The shopper's copy speaks their language.
    expect(copy!.text).toContain('> My mug arrived broken. Order VG-10001.');
    expect(copy!.subject).toMatch(/Nachricht/);
    const [kept] = await messages('contact');
    expect(kept).toMatchObject({ email: 'ada@example.com', locale: 'de', ip: client, failedChecks: [], spam: false });
    expect(kept!.mailedAt).not.toBeNull();
  });

  it('refuses what the browser refuses, naming each field with its rule', async () => {
    const bad = { name: ' ', email: 'ada@', phone: '12', message: '' };
    const response = await send('/customer-contact', { ...bad, ...(await solvedGuard(shop, 'contact')) }, newClient());
    expect(response.status).toBe(400);
    const body = (await response.json()) as { data: { errors: { path: string; rule: string }[] } };
    const byField = Object.fromEntries(body.data.errors.map((e) => [e.path.slice(1), e.rule]));
    expect(byField).toEqual(contactProblems(bad));
    expect(byField).toEqual({ name: 'required', email: 'email', phone: 'phone', message: 'required' });
    // The phone may be left out.
    const { phone: _phone, ...noPhone } = contact('no-phone@example.com');
    expect((await send('/customer-contact', { ...noPhone, ...(await solvedGuard(shop, 'contact')) }, newClient())).status).toBe(
      200,
    );
  });
});

describe('bots', () => {
  const botCases: [string, () => Promise<Record<string, unknown>>, string[]][] = [
    [
      'fills the honeypot',
      async () => ({ ...(await solvedGuard(shop, 'contact')), website: 'http://spam.example' }),
      ['honeypot'],
    ],
    [
      'sends at once',
      async () => ({ ...(await solvedGuard(shop, 'contact')), stamp: stampFor('contact', Date.now() - 500) }),
      ['tooFast'],
    ],
    [
      'sends a stamp of days ago',
      async () => ({ ...(await solvedGuard(shop, 'contact')), stamp: stampFor('contact', Date.now() - 3 * 86_400_000) }),
      ['tooOld'],
    ],
    [
      'forges the stamp',
      async () => ({ ...(await solvedGuard(shop, 'contact')), stamp: `${Date.now() - 10_000}.${'A'.repeat(43)}` }),
      ['stamp'],
    ],
    ['does no proof of work', async () => ({ stamp: stampFor('contact', Date.now() - 10_000) }), ['pow']],
    [
      'solves the newsletter’s challenge',
      async () => ({ ...(await solvedGuard(shop, 'subscribe')), stamp: stampFor('contact', Date.now() - 10_000) }),
      ['pow'],
    ],
  ];

  it.each(botCases)(
    'a bot that %s is answered as a person is, mails nothing, and its send is kept with its score',
    async (_what, guard, failed) => {
      const email = `bot-${failed.join('-')}-${Math.random().toString(36).slice(2)}@example.com`;
      const response = await send('/customer-contact', { ...contact(email), ...(await guard()) }, newClient());
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ code: 200, message: 'success', data: { received: true } });
      expect(await mailsTo(email)).toEqual([]);
      const kept = (await messages('contact', '&spam=true')).find((m) => m.email === email);
      expect(kept).toMatchObject({ failedChecks: failed, spam: true, mailedAt: null });
    },
  );

  it('takes a solved challenge once: a replay in any process is a bot’s', async () => {
    const guard = await solvedGuard(shop, 'contact');
    const first = await send('/customer-contact', { ...contact('replay-1@example.com'), ...guard }, newClient());
    const other = shop.anotherProcess();
    const again = await other.request('/api/customer-contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: PUBLIC_URL },
      body: JSON.stringify({ ...contact('replay-2@example.com'), ...guard }),
    });
    expect(await again.json()).toEqual(await first.json());
    const people = await messages('contact', '&spam=false');
    expect(people.some((m) => m.email === 'replay-1@example.com')).toBe(true);
    expect((await messages('contact', '&spam=true')).find((m) => m.email === 'replay-2@example.com')?.failedChecks).toEqual([
      'powReplay',
    ]);
  });

  it('counts sends per client address and per email address: over the limit nothing is kept or mailed', async () => {
    const client = newClient();
    for (let i = 0; i < 10; i++) {
      const response = await send(
        '/customer-contact',
        { ...contact(`limit-${i}@example.com`), ...(await solvedGuard(shop, 'contact')) },
        client,
      );
      expect(response.status).toBe(200);
    }
    const over = await send(
      '/customer-contact',
      { ...contact('limit-over@example.com'), ...(await solvedGuard(shop, 'contact')) },
      client,
    );
    expect(await over.json()).toMatchObject({ data: { received: true } });
    expect(await mailsTo('limit-over@example.com')).toEqual([]);
    expect((await messages('contact')).some((m) => m.email === 'limit-over@example.com')).toBe(false);
    // One address named from many clients: five an hour.
    for (let i = 0; i < 6; i++) {
      await send('/customer-contact', { ...contact('victim@example.com'), ...(await solvedGuard(shop, 'contact')) }, newClient());
    }
    expect(await mailsTo('victim@example.com')).toHaveLength(5);
  }, 60_000);
});

describe('feedback', () => {
  it('keeps it and mails the merchant, with the page it was given on', async () => {
    const response = await send(
      '/customer-feedbacks/email',
      {
        rating: 4,
        message: 'Lovely shirts, slow delivery.',
        email: 'fan@example.com',
        pagePath: '/pages/feedback',
        ...(await solvedGuard(shop, 'feedback')),
      },
      newClient(),
    );
    expect(await response.json()).toEqual({ code: 200, message: 'success', data: { received: true } });
    const mail = (await mailsTo(MERCHANT)).find((m) => m.text.includes('Lovely shirts'));
    expect(mail).toMatchObject({ replyTo: 'fan@example.com', subject: expect.stringContaining('4/5') });
    expect(mail!.text).toContain(`${PUBLIC_URL}/pages/feedback`);
    expect((await messages('feedback'))[0]).toMatchObject({ rating: 4, spam: false, pagePath: '/pages/feedback' });
  });

  it('refuses a missing rating or message and a wrong email, as the browser does', async () => {
    const bad = { rating: 0, message: '', email: 'not-an-address' };
    const response = await send('/customer-feedbacks/email', { ...bad, ...(await solvedGuard(shop, 'feedback')) }, newClient());
    expect(response.status).toBe(400);
    // A rating out of range is refused by the call's schema before the rules.
    const body = (await response.json()) as { data: { errors: { path: string }[] } };
    expect(body.data.errors.map((e) => e.path)).toContain('/rating');
    const ruled = await send(
      '/customer-feedbacks/email',
      { rating: 3, message: ' ', email: 'not-an-address', ...(await solvedGuard(shop, 'feedback')) },
      newClient(),
    );
    const errors = ((await ruled.json()) as { data: { errors: { path: string; rule: string }[] } }).data.errors;
    expect(Object.fromEntries(errors.map((e) => [e.path.slice(1), e.rule]))).toEqual(
      feedbackProblems({ rating: 3, message: ' ', email: 'not-an-address' }),
    );
  });
});

describe('the merchant', () => {
  it('reads what came in with the token only', async () => {
    expect((await shop.app.request('/api/shopper-messages?kind=contact')).status).toBe(401);
    const response = await shop.app.request('/api/shopper-messages?kind=contact&pageSize=2', { headers: merchantHeaders });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('X-Total-Count'))).toBeGreaterThan(2);
    expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(2);
  });

  it('gets a new challenge and stamp for every form, never cached', async () => {
    const response = await shop.app.request('/api/form-guard?form=contact');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const { data } = (await response.json()) as {
      data: { stamp: string; challenge: { parameters: { data: { form: string } } } };
    };
    expect(data.challenge.parameters.data.form).toBe('contact');
    expect(data.stamp).toMatch(/^\d{13}\./);
  });
});
