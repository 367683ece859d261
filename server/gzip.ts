// Answers gzipped in one go on libuv's threads: rendered pages (ssr/page-cache.ts) and every other
// answer of the app (the API's JSON, the sitemap). Hono's compress middleware pipes each answer through a
// CompressionStream on the main thread, and, since a JSON answer names no Content-Length, compressed
// even the smallest ones: main-thread time for a one-click upsell's few hundred bytes.
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

/** Smaller answers are not worth compressing (a TCP packet holds them either way). */
export const GZIP_THRESHOLD = 1024;

/**
 * zlib's output chunk: one chunk holds a whole compressed page, so the main thread handles one callback.
 * Not larger: each gzip allocates one, and a larger buffer cost more main-thread time per page.
 */
const GZIP_CHUNK_BYTES = 64 * 1024;
const gzipped = promisify(gzip);

/** Gzips a whole answer at once, off the main thread. */
export const gzipInOneGo = async (body: string | Uint8Array): Promise<Uint8Array<ArrayBuffer>> =>
  new Uint8Array(await gzipped(body, { chunkSize: GZIP_CHUNK_BYTES }));

/** Whether an Accept-Encoding header takes gzip (by name or `*`; q=0 refuses). */
export function acceptsGzip(header: string | undefined): boolean {
  return parseAccept(header ?? '').some((a) => (a.type.toLowerCase() === 'gzip' || a.type === '*') && a.q > 0);
}

/**
 * Gzips a compressible answer of GZIP_THRESHOLD bytes or more for a browser that takes it; leaves alone
 * what is compressed already (static assets, rendered pages), HEAD answers and partial content.
 */
export function gzipAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    const type = response.headers.get('Content-Type');
    // Asking for the body is left to the last: it makes @hono/node-server build the full web Response,
    // which an answer sent as it is (a page gzipped from its pieces, a browser without
    // gzip) never needs.
    if (
      response.status === 204 ||
      response.status === 304 ||
      c.req.method === 'HEAD' ||
      response.status === 206 ||
      response.headers.has('Content-Encoding') ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)
    )
      return;
    if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(response.headers.get('Vary') ?? ''))
      response.headers.append('Vary', 'Accept-Encoding');
    const length = Number(response.headers.get('Content-Length') ?? Number.NaN);
    if (length < GZIP_THRESHOLD || !acceptsGzip(c.req.header('Accept-Encoding')) || !response.body) return;
    const body = new Uint8Array(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    if (body.byteLength >= GZIP_THRESHOLD) {
      headers.set('Content-Encoding', 'gzip');
      headers.delete('Content-Length');
      const etag = headers.get('ETag');
      if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    }
    // A new answer, not `c.res =` (which would copy the old one's headers back, Content-Length among them).
    c.res = undefined;
    c.res = new Response(body.byteLength >= GZIP_THRESHOLD ? await gzipInOneGo(body) : body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}
