// Every API body is { code, message, data } (DESIGN: API envelope); errors carry the spec's codes.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { codes, ShopError } from '../commerce/errors';

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export function ok<T>(c: Context, data: T, status: ContentfulStatusCode = 200) {
  return c.json<Envelope<T>>({ code: 200, message: 'success', data }, status);
}

/** Answers an error in the envelope; faults that are not ShopErrors are logged and never shown. */
export function errorResponse(c: Context, error: unknown, log: (message: string, error: unknown) => void) {
  if (error instanceof ShopError) {
    return c.json<Envelope<unknown>>(
      { code: error.code, message: error.message, data: error.data },
      error.status as ContentfulStatusCode,
    );
  }
  if (error instanceof SyntaxError && /JSON/.test(error.message)) {
    return c.json<Envelope<null>>(
      { code: codes.badRequest, message: `The request body is not valid JSON: ${error.message}`, data: null },
      400,
    );
  }
  log(`${c.req.method} ${c.req.path} failed`, error);
  return c.json<Envelope<null>>({ code: codes.internal, message: 'An error occurred. Please try again later.', data: null }, 500);
}
