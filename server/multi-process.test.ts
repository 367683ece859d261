// Two real server processes on one PostgreSQL database (issue 10): each keeps rendered pages and
// read-through caches with a TTL far longer than the test, so only the change feed (LISTEN/NOTIFY) can
// make a merchant's save in one process show in the other; and what must be shared lives in the
// database: one idempotency key is honoured across both (one charge, the same answer), and a signature's
// random value used in one process is refused in the other.
import { Agent, get as httpGet } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import homePage from '../fixtures/pages/home.json' with { type: 'json' };
import type { PaymentOutcome, Product } from '../schemas/generated/api';
import { isSignedPaymentCall } from '../schemas/payment-signature';
import { queryRows, type Database } from './db/connect';
import { cardToken, idempotencyKey, readyCheckout, type Call } from '../test-support/server/buyer';
import { startShopProcess as startProcess, type ShopProcess } from '../test-support/server/shop-processes';
import { signatureQuery } from '../test-support/server/sign';
import { merchantHeaders, postgresDatabase, readEnvelope, visitors } from '../test-support/server/test-app';

/** A visitor's calls to one process, payment calls signed for that process's origin as a browser signs them. */
function callOf(shop: ShopProcess, visitor: string): Call {
  return async (method, path, body) => {
    const signed = isSignedPaymentCall(method, path)
      ? `${path}${path.includes('?') ? '&' : '?'}${signatureQuery({ origin: shop.origin, visitor, body })}`
      : path;
    return readEnvelope(
      await shop.get(`/api${signed}`, {
        method,
        headers: { customerUUID: visitor, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  };
}

async function firstSkuId(shop: ShopProcess): Promise<number> {
  return (await readEnvelope<Product>(await shop.get('/api/products/linen-shirt'))).data.skus[0]!.id;
}

describe('two server processes on one PostgreSQL database', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let a: ShopProcess;
  let b: ShopProcess;
  const newVisitor = visitors();

  beforeAll(async () => {
    let url: string;
    ({ database, url, drop } = await postgresDatabase());
    [a, b] = await Promise.all([startProcess(url), startProcess(url)]);
  }, 60_000);
  afterAll(async () => {
    for (const shop of [a, b]) shop?.child.kill('SIGTERM');
    await Promise.all([a, b].map((shop) => shop && new Promise((resolve) => shop.child.once('exit', resolve))));
    await database?.close();
    await drop?.();
  });

  /** A visitor's checkout made ready in the first process, and the body of its card payment. */
  async function readyPayment() {
    const visitor = newVisitor();
    const skuId = await firstSkuId(a);
    const checkoutToken = await readyCheckout(callOf(a, visitor), [{ skuId, quantity: 1 }]);
    const body = {
      checkoutToken,
      paymentMethodCode: 'card',
      paymentToken: await cardToken(callOf(a, visitor)),
      idempotencyKey: idempotencyKey(),
    };
    return { visitor, checkoutToken, body };
  }

  it('a page saved in one process is what the other serves within a second (its page cache and API caches dropped)', async () => {
    // The other process has the home page and its page view in its caches.
    for (let i = 0; i < 2; i++) {
      expect((await b.get('/')).status).toBe(200);
      expect((await b.get('/api/pageView/home')).status).toBe(200);
    }
    const cached = await b.get('/');
    expect(cached.headers.get('X-Vitrine-Page-Cache')).toBe('HIT');
    expect(await cached.text()).toContain('Made to be lived in');

    const heading = `Saved in one process ${Date.now()}`;
    const changed = structuredClone(homePage) as typeof homePage;
    Object.assign(changed.blocks[0]!.settings, { heading: { en: heading, fr: heading } });
    const saved = await a.get('/api/pages/home', { method: 'PUT', headers: merchantHeaders, body: JSON.stringify(changed) });
    expect(saved.status).toBe(200);
    const savedAt = Date.now();

    let html = '';
    let view: { data: { version: number } } | undefined;
    while (Date.now() - savedAt < 1000) {
      html = await (await b.get('/')).text();
      view = (await (await b.get('/api/pageView/home')).json()) as { data: { version: number } };
      if (html.includes(heading)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(html).toContain(heading);
    expect(html).not.toContain('Made to be lived in');
    expect(view?.data.version).toBe((await readEnvelope<{ version: number }>(saved)).data.version);
    // And the process that saved serves it too.
    expect(await (await a.get('/')).text()).toContain(heading);
  });

  it('a site setting changed in one process is what the other serves within a second', async () => {
    const read = async () =>
      ((await (await b.get('/api/site')).json()) as { data: { extDataMap?: Record<string, string> } }).data.extDataMap
        ?.checkoutType;
    const before = await read();
    const next = before === 'one-page' ? 'multi-step' : 'one-page';
    const patched = await a.get('/api/site', {
      method: 'PATCH',
      headers: merchantHeaders,
      body: JSON.stringify({ extDataMap: { checkoutType: next } }),
    });
    expect(patched.status).toBe(200);
    const patchedAt = Date.now();
    let seen = before;
    while (seen !== next && Date.now() - patchedAt < 1000) {
      seen = await read();
      if (seen !== next) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toBe(next);
  });

  it('one idempotency key sent to both processes at once charges once, and both answer the same', async () => {
    const { visitor, checkoutToken, body } = await readyPayment();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => callOf(i % 2 ? b : a, visitor)<PaymentOutcome>('POST', '/payment/create-order', body)),
    );
    for (const answer of answers) expect(answer).toMatchObject({ status: 200, data: { status: 'paid' } });
    expect(new Set(answers.map((answer) => JSON.stringify(answer.data))).size).toBe(1);
    const [counts] = await queryRows<{ payments: number; orders: number }>(
      database.db,
      sql`select (select count(*) from payments where idempotency_key = ${body.idempotencyKey})::int as payments,
                 (select count(*) from orders o join checkouts c on c.id = o.checkout_id where c.token = ${checkoutToken})::int as orders`,
    );
    expect(counts).toEqual({ payments: 1, orders: 1 });
  });

  it("a payment request's random value used in one process is refused as a replay in the other", async () => {
    const { visitor, body } = await readyPayment();
    const random = 'f'.repeat(32);
    const send = (shop: ShopProcess) =>
      shop.get(`/api/payment/create-order?${signatureQuery({ origin: shop.origin, visitor, body, random })}`, {
        method: 'POST',
        headers: { customerUUID: visitor, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await readEnvelope(await send(a))).status).toBe(200);
    expect(await readEnvelope(await send(b))).toMatchObject({ status: 400, code: 8012 });
  });

  it("keeps an idle keep-alive connection past Node's 5 s default, so a request on it is not reset", async () => {
    // A load balancer or client reuses an idle connection for up to about 60 s; a server that closes it
    // first resets the request sent as it closes, and a PATCH or a payment is not retried.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const request = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const sent = httpGet(`${a.origin}/api/site`, { agent }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0, reused: sent.reusedSocket }));
        });
        sent.on('error', reject);
      });
    try {
      expect(await request()).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 6000));
      // Had the server closed the connection, the agent would have dropped it and opened a new one.
      expect(await request()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 15_000);
});
