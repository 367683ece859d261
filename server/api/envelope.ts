// Every API body is { code, message, data } (docs/architecture.md: Errors); errors carry the spec's codes.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorStatus } from '../../schemas/generated/error-codes';
import { codes, ShopError } from '../commerce/errors';
import { parserProblem } from './validate';
import { logExcerpt } from '../log/scrub';

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export function ok<T>(c: Context, data: T, status: ContentfulStatusCode = 200) {
  return c.json<Envelope<T>>({ code: 200, message: 'success', data }, status);
}

/** The id of the request (X-Request-Id, hono/request-id), for the log and the visitor's reference. */
export const requestIdOf = (c: Context): string => (c.get('requestId' as never) as string | undefined) ?? '-';

/**
 * Answers an error in the envelope. Bad input (a ShopError with a 4xx status, a body that is not JSON)
 * is not a fault: it is logged as one line with the request id. Anything else is a fault: logged with
 * its stack, answered 500 without its message (it may hold SQL or internal names).
 */
export function errorResponse(c: Context, error: unknown, log: (message: string, error?: unknown) => void) {
  const refused = (status: number, message: string) =>
    log(`${status} ${c.req.method} ${c.req.path} (request ${requestIdOf(c)}): ${logExcerpt(message, 300)}`);
  if (error instanceof SyntaxError && /JSON/.test(error.message)) {
    const message = `The request body is not valid JSON: ${parserProblem(error)}`;
    refused(400, message);
    return c.json<Envelope<null>>({ code: codes.badRequest, message, data: null }, 400);
  }
  if (!(error instanceof ShopError)) {
    log(`${c.req.method} ${c.req.path} failed (request ${requestIdOf(c)})`, error);
    return c.json<Envelope<null>>(
      { code: codes.internal, message: 'An error occurred. Please try again later.', data: null },
      500,
    );
  }
  const status = errorStatus[error.error] as ContentfulStatusCode;
  if (status < 500) refused(status, error.message);
  else log(`${c.req.method} ${c.req.path} failed (request ${requestIdOf(c)})`, error);
  return c.json<Envelope<unknown>>({ code: error.code, message: error.message, data: error.data }, status);
}
