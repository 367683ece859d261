// Idempotent payment calls, like Stripe's: a request carries a key (its body's `idempotencyKey` or the
// Idempotency-Key header). The first request with a key is answered and its answer kept 24 hours in
// PostgreSQL (table idempotency_keys, so every server process honours it); the same key with the same
// request gets that answer again (header Idempotent-Replayed: true) and charges nothing; the same key with
// another request is refused with 409. Requests with one key arriving together wait for the first one's
// answer. An answer of 5xx is not kept: the request may be tried again.
//
// The request is what the caller asks, wherever it puts it: the body, the route's path parameters
// (Oceanpayment's one-page checkout names its checkout there) and the query (its nextHandle), but for the
// signature's own parameters, which are new at every send. So the same key sent with another nextHandle
// is another request and refused, as Stripe refuses a key reused with other parameters: answering the
// first request's answer would let the caller believe its new destination was kept, and taking the new
// one would make a replay act, which a kept answer never does. The caller sends a new key.
// A call with nothing in its path or query is named by its body alone.
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { SIGNATURE_PATTERNS } from '../../schemas/payment-signature';
import { conflict } from '../commerce/errors';
import type { IdempotencyKeys } from '../commerce/payment-requests/idempotency-keys';
/** How long a request waits for the answer of the same key's first request (the spec's HTTP timeout). */
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 20;

const KEY = /^[A-Za-z0-9_-]{16,64}$/;

/** JSON with sorted keys, so the same request always hashes the same. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** What the request asks: its body, with its path parameters and its query (not the signature's) when it has any. */
function requestOf(c: Context, body: unknown): unknown {
  const params = c.req.param() as Record<string, string>;
  const query = Object.fromEntries(
    Object.entries(c.req.query()).filter(([name, value]) => value !== '' && !Object.hasOwn(SIGNATURE_PATTERNS, name)),
  );
  return Object.keys(params).length || Object.keys(query).length ? { body, params, query } : body;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function idempotent(keys: IdempotencyKeys): MiddlewareHandler {
  const guard: MiddlewareHandler = async (c, next) => {
    const body = await c.req.json().catch(() => null);
    const key = (body && typeof body.idempotencyKey === 'string' ? body.idempotencyKey : null) ?? c.req.header('idempotency-key');
    if (!key || !KEY.test(key)) return next();
    // The paying calls (create-order and paymentStrategy) are one operation under two names: the path's
    // name is not part of the request.
    const requestHash = createHash('sha256')
      .update(stable(requestOf(c, body)))
      .digest('hex');
    if (await keys.claim(key, requestHash)) {
      try {
        await next();
      } catch (error) {
        await keys.release(key);
        throw error;
      }
      const answer = c.res;
      if (answer.status >= 500 || !answer.headers.get('content-type')?.includes('application/json')) await keys.release(key);
      else await keys.answer(key, answer.status, await answer.clone().text());
      return;
    }
    const started = Date.now();
    for (;;) {
      const first = await keys.find(key);
      // The first request failed (5xx) and let go of the key: this one is answered as a new request.
      if (!first) return guard(c, next);
      if (first.requestHash !== requestHash) {
        throw conflict('This idempotency key was used for another request: send a new key.', {
          errors: [{ path: '/idempotencyKey', message: 'was used for another request', rule: 'idempotencyKeyReused' }],
        });
      }
      if (first.status !== null) {
        return c.body(first.body ?? '', first.status as ContentfulStatusCode, {
          'Content-Type': 'application/json',
          'Idempotent-Replayed': 'true',
        });
      }
      if (Date.now() - started > WAIT_FOR_FIRST_MS)
        throw conflict('A request with this idempotency key is still being answered: try again in a moment.');
      await sleep(POLL_MS);
    }
  };
  return guard;
}
