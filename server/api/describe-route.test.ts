// The caller a route declares is the caller it lets in: the declaration is the check, not only the document.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import site from '../../fixtures/site.json' with { type: 'json' };
import { createPricing } from '../commerce/pricing/pricing';
import { shopperContext } from '../shopper-context';
import { describeRoute, type Caller } from './describe-route';
import { errorResponse } from './envelope';
import { merchantToken } from './merchant-auth';
import { validate } from './validate';

const VISITOR = '0c0ffee0-0000-4000-8000-0000000000aa';
const siteService = { get: async () => site } as never;
const shopper = shopperContext(
  {
    commerce: { site: siteService, pricing: createPricing(siteService), customers: {} as never },
    translated: ['en'],
    origin: 'http://localhost',
  },
  'api',
);

function appFor(caller: Caller, token?: string) {
  const app = new Hono().use(shopper);
  if (token) app.use(merchantToken(token));
  app.post(
    '/call',
    describeRoute({ summary: 'A call', tag: 'Cart', response: 'Null', caller }),
    validate('json', 'GiftRequest'),
    (c) => c.json({ code: 200, message: 'success', data: null }),
  );
  app.onError((error, c) => errorResponse(c, error, () => {}));
  return app;
}

const send = (app: Hono, headers: Record<string, string> = {}, body = '{"skuId":1}') =>
  app.request('/call', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

describe('describeRoute: who may call', () => {
  it('anyone: no header needed', async () => {
    expect((await send(appFor('anyone'))).status).toBe(200);
  });

  it('visitor: the customerUUID header is required (a 400 naming it, before the body is checked)', async () => {
    const app = appFor('visitor');
    for (const headers of [{}, { customerUUID: 'not-a-uuid' }] as Record<string, string>[]) {
      const response = await send(app, headers, '{"unknown":1}');
      expect(response.status).toBe(400);
      const body = (await response.json()) as { message: string; data: { errors: { path: string }[] } };
      expect(body.message).toBe('The visitor id is missing: send the customerUUID header (a UUID).');
      expect(body.data.errors).toEqual([{ path: '/customerUUID', message: 'must be a UUID' }]);
    }
    expect((await send(app, { customerUUID: VISITOR })).status).toBe(200);
  });

  it('merchant: the bearer token is required (a 401 before the body is read)', async () => {
    const app = appFor('merchant', 'secret');
    for (const headers of [{}, { Authorization: 'Bearer wrong' }, { Authorization: 'secret' }] as Record<string, string>[]) {
      const response = await send(app, headers, 'not json');
      expect(response.status).toBe(401);
      expect(response.headers.get('WWW-Authenticate')).toBe('Bearer realm="vitrine-merchant"');
    }
    expect((await send(app, { Authorization: 'Bearer secret' })).status).toBe(200);
  });

  it('merchant: an app that was handed no token lets no one in (fails closed)', async () => {
    expect((await send(appFor('merchant'), { Authorization: 'Bearer ' })).status).toBe(401);
    expect((await send(appFor('merchant'), { Authorization: 'Bearer x' })).status).toBe(401);
  });

  it('customer: no one until customer sessions exist (fails closed)', async () => {
    expect((await send(appFor('customer'), { customerUUID: VISITOR })).status).toBe(401);
  });
});
