// The field signatures of the hosted-page providers (PacyPay, Oceanpayment, Payssion, Airwallex), each
// made as the real provider documents it: a digest over some of the request's fields and the merchant's
// secret. A signature sent back is compared in constant time, so a forger learns nothing from how long
// the refusal took.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The hex digest of `text` (Payssion documents MD5 for its api_sig; the others SHA-256). */
export const digest = (algorithm: 'sha256' | 'md5', text: string) => createHash(algorithm).update(text, 'utf8').digest('hex');

/** True when the hex `sent` is `expected` (any letter case), compared in constant time. */
export function sameDigest(expected: string, sent: unknown): boolean {
  if (typeof sent !== 'string' || !/^[0-9a-fA-F]+$/.test(sent) || sent.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected.toLowerCase(), 'hex'), Buffer.from(sent.toLowerCase(), 'hex'));
}

/**
 * A simulated provider's merchant secret: made from the test providers' webhook secret (itself made from
 * the merchant token, or TEST_BANK_WEBHOOK_SECRET), one per provider, the same in every process.
 */
export const providerSecret = (webhookSecret: string, provider: string) =>
  createHmac('sha256', webhookSecret).update(`vitrine ${provider} secret`).digest('hex');
