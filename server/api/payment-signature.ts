// Checks the signature of a payment request (schemas/payment-signature.ts): recomputed over the request's
// origin, its body's signed fields and its query, refused when wrong (8012), older or newer than 5
// minutes (8012), or when its random value was seen before: random values are kept in PostgreSQL (table
// payment_nonces), so a replay is refused by every server process, not only the one that saw it first.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import {
  SIGNATURE_MAX_AGE_MS,
  SIGNATURE_PATTERNS,
  signatureText,
  signedFieldsOf,
  type SignatureParams,
} from '../../schemas/payment-signature';
import type { PaymentRequests } from '../commerce/payment-requests';
import { ShopError } from '../commerce/errors';
import { jsonBody } from './validate';

const refuse = (rule: 'missing' | 'signature' | 'stale' | 'replayed' | 'visitor', path: string, message: string): never => {
  throw new ShopError('invalidPaymentRequest', message, { errors: [{ path, message, rule }] });
};

export function signedPayment(requests: PaymentRequests, shopOrigin: string, now = () => Date.now()): MiddlewareHandler {
  return async (c, next) => {
    const query = c.req.query();
    const params = {} as SignatureParams;
    for (const [name, pattern] of Object.entries(SIGNATURE_PATTERNS) as [keyof SignatureParams, RegExp][]) {
      const value = query[name] ?? '';
      if (!pattern.test(value))
        refuse('missing', `/${name}`, `The payment request is not signed: ${name} is missing or malformed.`);
      params[name] = value;
    }
    const sent = Number(params.t);
    if (Math.abs(now() - sent) > SIGNATURE_MAX_AGE_MS)
      refuse('stale', '/t', 'The payment request is too old (or its clock is wrong): send it again.');
    // The shopper's visitor: the customerUUID header the client copies the sakUUID cookie to, or the cookie itself.
    const visitor = c.get('shopper').visitorId;
    if (visitor && visitor.toLowerCase() !== params.uuid.toLowerCase())
      refuse('visitor', '/uuid', 'The payment request was signed for another visitor.');
    // The body as the call reads it (validate.ts): the one parsed value the schema checks and the
    // handler acts on, so no field can reach the handler unsigned (a body that is not JSON is refused).
    const body = await jsonBody(c);
    const expected = createHash('sha256')
      .update(
        signatureText({
          origin: c.req.header('origin') ?? shopOrigin,
          t: params.t,
          uuid: params.uuid,
          random: params._atr,
          ...signedFieldsOf(body, query),
        }),
      )
      .digest();
    if (!timingSafeEqual(expected, Buffer.from(params.s, 'hex')))
      refuse('signature', '/s', 'The payment request signature does not match what was sent.');
    if (!(await requests.rememberNonce(params._atr)))
      refuse('replayed', '/_atr', 'This payment request was sent before: it is not taken twice.');
    await next();
  };
}

/** Random values are kept twice as long as a request is accepted, then forgotten (the job). */
export const NONCE_KEEP_MS = 2 * SIGNATURE_MAX_AGE_MS;
