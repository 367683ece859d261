// The mock Stripe's wire format (mock-stripe.ts): ids and timestamps as Stripe makes them, the SDK's
// form-encoded bodies read into nested objects, and Stripe's error answers.
import { randomBytes } from 'node:crypto';

export type Json = Record<string, unknown>;

export const API_VERSION = '2026-10-28.endive';
export const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const now = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=x` pairs -> nested objects and arrays (the SDK's encoding: qs with indices). */
export function parseForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const index = part === '' && Array.isArray(node) ? node.length : part;
      const container = node as Record<string, unknown>;
      if (last) {
        container[index as string] = value;
      } else {
        container[index as string] ??= /^\d*$/.test(path[i + 1]!) ? [] : {};
        node = container[index as string] as Record<string, unknown>;
      }
    });
  }
  return root;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

export const invalid = (message: string, extra: Json = {}, status = 400) =>
  new StripeApiError(status, { type: 'invalid_request_error', message, ...extra });
export const missing = (kind: string, value: string) =>
  invalid(`No such ${kind}: '${value}'`, { code: 'resource_missing', param: 'id' }, 404);
