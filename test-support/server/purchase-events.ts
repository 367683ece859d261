// Server purchase events from a test's side: a shopper whose browser carries the consent cookie (and the
// Meta pixel's cookies), the demo shop's used apps with ad pixels turned ON, and the order's log.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { cookiePolicyVersion } from '../../server/commerce/site';
import type { PurchaseEventLog } from '../../schemas/generated/api';
import { CONSENT_COOKIE, serializeConsent } from '../../renderer/consent/consent-cookie';
import { isSignedPaymentCall } from '../../schemas/payment-signature';
import type { Call } from './buyer';
import { signatureQuery } from './sign';
import { PUBLIC_URL, readEnvelope, type TestShop } from './test-app';

/** The demo shop's cookie policy version (fixtures/cookie-config.json, as the site answers it). */
export const DEMO_POLICY_VERSION = cookiePolicyVersion(
  JSON.parse(readFileSync(new URL('../../fixtures/cookie-config.json', import.meta.url), 'utf8')),
);

/** The `consent` cookie of a shopper who chose, for the demo shop's policy. */
export const consentCookie = (choice: { advertising: boolean; analytics?: boolean }) =>
  `${CONSENT_COOKIE}=${serializeConsent({
    advertising: choice.advertising,
    analytics: choice.analytics ?? false,
    version: DEMO_POLICY_VERSION,
    at: Math.floor(Date.now() / 1000),
  })}`;

/** A shopper's browser with cookies (null: none) and a browser's user agent: visitorCall with a Cookie header. */
export function browserOf(shop: TestShop, visitor: string, cookie: string | null, query = ''): Call {
  return async (method, path, body) => {
    const withQuery = query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
    const signed = isSignedPaymentCall(method, withQuery)
      ? `${withQuery}${withQuery.includes('?') ? '&' : '?'}${signatureQuery({ origin: PUBLIC_URL, visitor, body })}`
      : withQuery;
    return readEnvelope(
      await shop.app.request(`/api${signed}`, {
        method,
        headers: {
          customerUUID: visitor,
          'Content-Type': 'application/json',
          'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  };
}

export const META_PIXEL = '1234567890123456';
export const TIKTOK_PIXEL = 'C4DEMO0TIKTOK0PIXEL';

/** The demo shop's used apps with the Meta pixel (and, when told, TikTok) ON or not. */
export async function setAdApps(shop: TestShop, on: { meta: boolean; tiktok?: boolean }) {
  const apps = [
    {
      code: 'pixel',
      status: on.meta ? 'ON' : 'OFF',
      config: { pixelNumber: [META_PIXEL], accessToken: 'EAAdemoTokenForTheTests01' },
    },
    { code: 'tiktok', status: on.tiktok ? 'ON' : 'OFF', config: { pixels: [{ pixelId: TIKTOK_PIXEL }] } },
    { code: 'customCss', status: 'ON', config: { css: '' } },
  ];
  await shop.database.db.execute(
    sql`insert into reference_data (key, value) values ('apps', ${JSON.stringify(apps)}::jsonb)
        on conflict (key) do update set value = excluded.value`,
  );
}

/** The order's purchase-event log (GET api/orders/getOrderFbEventLog). */
export async function eventLog(call: Call, orderToken: string): Promise<PurchaseEventLog> {
  const answer = await call<PurchaseEventLog>('GET', `/orders/getOrderFbEventLog?orderToken=${orderToken}`);
  if (answer.status !== 200) throw new Error(`event log: ${answer.status} ${answer.message}`);
  return answer.data;
}
