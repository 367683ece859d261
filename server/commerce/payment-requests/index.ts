// What guards the payment calls across server processes: signature random values seen (replays refused)
// and idempotency keys with their answers.
import type { Db } from '../../db/connect';
import { createIdempotencyKeys } from './idempotency-keys';
import { forgetOldNonces, rememberNonce } from './nonces';

export function createPaymentRequests(db: Db) {
  return {
    rememberNonce: (value: string) => rememberNonce(db, value),
    forgetOldNonces: (now: Date, maxAgeMs: number) => forgetOldNonces(db, now, maxAgeMs),
    idempotencyKeys: createIdempotencyKeys(db),
  };
}

export type PaymentRequests = ReturnType<typeof createPaymentRequests>;
