// Signs a payment request as the shop's browser code does (schemas/payment-signature.ts), for tests and
// the bench that call the API directly.
import { createHash, randomBytes } from 'node:crypto';
import { signatureText, signedFieldsOf, type SignatureParams } from '../../schemas/payment-signature';

export function signatureQuery({
  origin,
  visitor,
  body,
  query,
  step = 'payment',
  t = Date.now(),
  random = randomBytes(16).toString('hex'),
}: {
  origin: string;
  visitor: string;
  body: unknown;
  /** The call's query (a nextHandle there is signed). */
  query?: Record<string, string>;
  step?: string;
  t?: number;
  random?: string;
}): string {
  const fields = signedFieldsOf(body, query);
  const s = createHash('sha256')
    .update(signatureText({ origin, t: String(t), uuid: visitor, random, ...fields }))
    .digest('hex');
  const params: SignatureParams = { s, t: String(t), _atr: random, _step: step, _pay: fields.code, uuid: visitor };
  return new URLSearchParams({ ...params }).toString();
}
