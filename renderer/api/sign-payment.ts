// Signs a payment request in the browser (schemas/payment-signature.ts): SHA-256 by Web Crypto over the
// origin, the time, the visitor's uuid, the body's signed fields and a random value. Loaded with the
// first payment call, never with a page.
import { signatureText, signedFieldsOf, type SignatureParams } from '../../schemas/payment-signature';

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function signatureParams({
  origin,
  visitor,
  body,
  query,
  step,
}: {
  origin: string;
  visitor: string;
  body: unknown;
  /** The call's query (a nextHandle there is signed). */
  query?: Record<string, string>;
  step: string;
}): Promise<SignatureParams> {
  const random = hex(crypto.getRandomValues(new Uint8Array(16)).buffer);
  const t = String(Date.now());
  const fields = signedFieldsOf(body, query);
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(signatureText({ origin, t, uuid: visitor, random, ...fields })),
  );
  return { s: hex(digest), t, _atr: random, _step: step, _pay: fields.code, uuid: visitor };
}
