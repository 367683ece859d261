// The test bank's webhook signature, as real gateways sign theirs (Stripe-like): the header
// `Vitrine-Signature: t=<ms since the epoch>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`. The shop
// recomputes it over the raw body, compares in constant time and refuses a timestamp more than 5 minutes
// away (a captured webhook cannot be replayed later).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Vitrine-Signature';
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

const hmac = (secret: string, body: string, t: number | string) =>
  createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

/** The value of the Vitrine-Signature header of `body` sent at `t` (tests, e2e and the bench sign with it). */
export function signBankWebhook(secret: string, body: string, t: number = Date.now()): string {
  return `t=${t},v1=${hmac(secret, body, t)}`;
}

/** Throws unless `header` signs `body` with `secret` within the tolerance. */
export function verifyBankWebhook(secret: string, body: string, header: string | null, now = Date.now()): void {
  if (!header) throw new Error(`the webhook has no ${SIGNATURE_HEADER} header`);
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at > 0) parts.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const t = parts.get('t') ?? '';
  const v1 = parts.get('v1') ?? '';
  if (!/^\d{1,16}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) throw new Error('the webhook signature is malformed');
  if (Math.abs(now - Number(t)) > WEBHOOK_TOLERANCE_MS) throw new Error('the webhook signature is too old (or from the future)');
  const expected = Buffer.from(hmac(secret, body, t), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) throw new Error('the webhook signature does not match its body');
}
