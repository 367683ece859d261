// Payment calls made by a test straight to the API are signed as the shop's browser code signs them
// (schemas/payment-signature.ts); the e2e server's public origin is the tests' base URL.
import { randomUUID } from 'node:crypto';
import { signatureQuery } from '../test-support/server/sign';
import { PORT } from './playwright.config';

export const E2E_ORIGIN = `http://127.0.0.1:${PORT}`;

/** `path` with the signature of `body`, sent by `visitor` (the customerUUID header or sakUUID cookie). */
export function signed(path: string, body: unknown, visitor: string = randomUUID()): string {
  return `${path}${path.includes('?') ? '&' : '?'}${signatureQuery({ origin: E2E_ORIGIN, visitor, body })}`;
}
