// Server-side purchase events in the built shop (issue 27): a purchase paid with advertising consent has
// one event id, read by the thank-you page for the browser pixel, and the order's log carries the same id:
// its server events (the demo shop's Meta and TikTok pixels) are sent by the shop's job to the local
// stand-in. The browser's side is in consent.spec.ts.
import { randomUUID } from 'node:crypto';
import { serializeConsent } from '../renderer/consent/consent-cookie';
import { expect, test } from './fixtures';
import { apiData, readyCheckout } from './shop-api';
import { signed } from './signed';

interface Log {
  eventId: string | null;
  serverSkipped: string | null;
  server: { eventId: string; status: string; platform: string }[];
}

test('a purchase’s event id is the same for the browser pixel and the server event', async ({ request }) => {
  const visitor = randomUUID();
  const site = await apiData<{ extDataMap: Record<string, string> }>(await request.get('/api/site'));
  const version = site.extDataMap.cookiePolicyVersion!;
  const consent = serializeConsent({ analytics: true, advertising: true, version, at: Math.floor(Date.now() / 1000) });
  const headers = { customerUUID: visitor, Cookie: `consent=${encodeURIComponent(consent)}` };
  const token = await readyCheckout(request, { visitor });
  const card = await apiData<{ token: string }>(
    await request.post('/api/payment-providers/test-card/tokens', {
      headers,
      data: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ada Lovelace' },
    }),
  );
  const body = { checkoutToken: token, paymentMethodCode: 'card', paymentToken: card.token, idempotencyKey: randomUUID() };
  const outcome = await apiData<{ status: string; orderToken: string }>(
    await request.post(signed('/api/payment/create-order', body, visitor), { headers, data: body }),
  );
  expect(outcome.status).toBe('paid');

  const order = await apiData<{ purchaseEventId: string | null }>(
    await request.get(`/api/multicurrency/general/order/${outcome.orderToken}`),
  );
  expect(order.purchaseEventId).toMatch(/^purchase\.[0-9a-f-]{36}$/);
  const log = () =>
    request.get(`/api/orders/getOrderFbEventLog?orderToken=${outcome.orderToken}`).then((response) => apiData<Log>(response));
  const first = await log();
  expect(first.eventId).toBe(order.purchaseEventId);
  // The shop's job sends each server event with the same id, within seconds.
  expect(first.server.map((s) => s.platform).sort()).toEqual(['pixel', 'tiktok']);
  expect(first.server.every((s) => s.eventId === order.purchaseEventId)).toBe(true);
  await expect.poll(async () => (await log()).server.map((s) => s.status), { timeout: 20_000 }).not.toContain('pending');
  expect((await log()).server.map((s) => s.status)).not.toContain('failed');
});
